/**
 * Keeps a demo trader able to trade forever: when one of its balances (available and held
 * together) falls below a floor, a deposit from the exchange's `deposits` account brings it back
 * to its target, exactly like the demo account's first funds: a ledger entry with the reason
 * 'Deposit', never a write to a balance.
 */
import { formatDecimal, parseDecimal, rescale } from '../../../core/markets/decimal.ts';
import { PAIRS } from '../../../core/markets/pairs.ts';
import { fromLots } from '../../../core/markets/units.ts';
import { ASSETS, QUOTE, type Ticker } from '../../../core/protocol/index.ts';
import { DEPOSIT_REASON } from '../../content/seed.ts';
import type { Queryable } from '../../storage/db.ts';
import { balances, post } from '../../wallet/ledger.ts';
import { seedPrice } from './seedPrice.ts';

const SCALE = 18;

/** A floor and a target, in USDT: for the quote itself, and each asset's worth at its seeded price. */
export interface FundingLevels {
  quote: { floor: number; target: number };
  asset: { floor: number; target: number };
}

interface Level {
  floor: bigint;
  target: bigint;
}

/** See the file comment. */
export class Funding {
  private readonly levels: ReadonlyMap<Ticker, Level>;
  /** Top-ups run one at a time, so two loops never both deposit for the same shortfall. */
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    levels: FundingLevels,
  ) {
    const entries: [Ticker, Level][] = ASSETS.map((asset) => {
      const spec = PAIRS[`${asset}_${QUOTE}`];
      const price = seedPrice(asset);
      const amount = (usdt: number) =>
        scaled(fromLots(spec, Math.ceil(usdt / (price * Number(spec.lotSize)))));
      return [asset, { floor: amount(levels.asset.floor), target: amount(levels.asset.target) }];
    });
    entries.push([
      QUOTE,
      { floor: scaled(String(levels.quote.floor)), target: scaled(String(levels.quote.target)) },
    ]);
    this.levels = new Map(entries);
  }

  /** Deposits what brings each of the user's balances below its floor back to its target. */
  topUp(userId: number): Promise<void> {
    const run = this.last.then(() => this.depositShortfalls(userId));
    this.last = run.catch(() => {});
    return run;
  }

  private async depositShortfalls(userId: number): Promise<void> {
    for (const { ticker, amount } of await balances(this.db, userId)) {
      const level = this.levels.get(ticker);
      const has = scaled(amount);
      if (level === undefined || has >= level.floor) continue;
      await post(this.db, {
        from: { system: 'deposits' },
        to: { user: userId },
        ticker,
        amount: formatDecimal(level.target - has, SCALE),
        reason: DEPOSIT_REASON,
      });
    }
  }
}

function scaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, SCALE);
}
