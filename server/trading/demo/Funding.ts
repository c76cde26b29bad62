/**
 * Keeps a demo trader able to trade forever: when one of its balances (available and held
 * together) falls below a floor, a deposit from the exchange's `deposits` account brings it back
 * to its target, exactly like the demo account's first funds: a ledger entry with the reason
 * 'Deposit', never a write to a balance.
 *
 * Balances are read only when one may have fallen below its floor: after a read, the traders
 * report what their orders may have spent (`spent`), and while what was read less what was
 * spent stays at or above every floor, a top-up reads nothing. What an account receives is never
 * counted, so the figure kept is a lower bound; a trader that meets a refusal, or finds orders it
 * did not follow, says so (`forget`) and the next top-up reads again.
 */
import { sql } from 'kysely';
import { formatDecimal, parseDecimal, rescale } from '../../../core/markets/decimal.ts';
import { PAIRS } from '../../../core/markets/pairs.ts';
import { fromLots } from '../../../core/markets/units.ts';
import { ASSETS, QUOTE, type Ticker } from '../../../core/protocol/index.ts';
import { DEPOSIT_REASON } from '../../content/seed.ts';
import type { Database } from '../../storage/db.ts';
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
  /**
   * Top-ups run one at a time, so two loops here never both deposit for the same shortfall
   * (another server's, sharing the database, are kept from it by `depositUpTo`'s lock).
   */
  private last: Promise<void> = Promise.resolve();
  /** By account: each balance as last read or deposited, less what was spent since (18 decimals). */
  private readonly least = new Map<number, Map<Ticker, bigint>>();
  /** By account, while its balances are being read: what was reported spent meanwhile. */
  private readonly spentWhileReading = new Map<number, Map<Ticker, bigint>>();

  constructor(
    private readonly db: Database,
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

  /**
   * Deposits what brings each of the user's balances below its floor back to its target; reads
   * nothing while none can be below it (see the file comment).
   */
  topUp(userId: number): Promise<void> {
    const run = this.last.then(() =>
      this.mayBeShort(userId) ? this.depositShortfalls(userId) : undefined,
    );
    this.last = run.catch(() => {});
    return run;
  }

  /** The user's orders may have spent `amount` (a decimal) of `ticker` since the last read. */
  spent(userId: number, ticker: Ticker, amount: string): void {
    const meanwhile = this.spentWhileReading.get(userId);
    meanwhile?.set(ticker, (meanwhile.get(ticker) ?? 0n) + scaled(amount));
    const least = this.least.get(userId);
    const known = least?.get(ticker);
    if (least !== undefined && known !== undefined) least.set(ticker, known - scaled(amount));
  }

  /** The user's balances may have moved in a way nobody reported: the next top-up reads them. */
  forget(userId: number): void {
    this.least.delete(userId);
  }

  private mayBeShort(userId: number): boolean {
    const least = this.least.get(userId);
    if (least === undefined) return true;
    for (const [ticker, level] of this.levels) {
      if ((least.get(ticker) ?? 0n) < level.floor) return true;
    }
    return false;
  }

  private async depositShortfalls(userId: number): Promise<void> {
    // Forgotten first: a deposit that fails leaves the next top-up to read again.
    this.least.delete(userId);
    const meanwhile = new Map<Ticker, bigint>();
    this.spentWhileReading.set(userId, meanwhile);
    try {
      this.least.set(userId, await this.depositWhatIsShort(userId, meanwhile));
    } finally {
      this.spentWhileReading.delete(userId);
    }
  }

  /** Reads and tops up the user's balances; each one's lower bound, less `meanwhile`. */
  private async depositWhatIsShort(
    userId: number,
    meanwhile: ReadonlyMap<Ticker, bigint>,
  ): Promise<Map<Ticker, bigint>> {
    const least = new Map<Ticker, bigint>();
    for (const { ticker, amount } of await balances(this.db, userId)) {
      const level = this.levels.get(ticker);
      const has = scaled(amount);
      least.set(ticker, has);
      if (level === undefined || has >= level.floor) continue;
      least.set(ticker, await depositUpTo(this.db, userId, ticker, level));
    }
    // A spend reported while reading may or may not be in what was read: counted as not.
    for (const [ticker, spent] of meanwhile) least.set(ticker, (least.get(ticker) ?? 0n) - spent);
    return least;
  }
}

/**
 * Brings one balance below its floor back to its target, and returns it. Read again under a
 * lock of that account and currency: servers sharing the database each fund the traders of the
 * units they own, and two of them meeting one shortfall deposit for it once.
 */
async function depositUpTo(db: Database, userId: number, ticker: Ticker, level: Level) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`demo funding ${userId} ${ticker}`}))`.execute(
      trx,
    );
    const now = (await balances(trx, userId)).find((balance) => balance.ticker === ticker);
    const has = scaled(now?.amount ?? '0');
    if (has >= level.floor) return has;
    await post(trx, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker,
      amount: formatDecimal(level.target - has, SCALE),
      reason: DEPOSIT_REASON,
    });
    return level.target;
  });
}

function scaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, SCALE);
}
