/**
 * Risk checks: an order is accepted only if the account's available balance covers what it could
 * spend (its hold), read and locked at the batch's start and followed through the batch, so two
 * orders of one batch cannot spend the same money twice.
 */
import { type RawBuilder, sql } from 'kysely';
import { parseDecimal, rescale } from '../../core/markets/decimal.ts';
import type { PairSpec } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Posting } from '../wallet/ledger.ts';
import type { Spend } from './Command.ts';
import type { GroupLeg, Money } from './OrderGroup.ts';

/** The decimals balances are compared at: the ledger's. */
const SCALE = 18;

/** A decimal amount as an integer of 18-decimal units. */
function toScaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, SCALE);
}

/** Available balances read at a batch's start, as 18-decimal integers, and spent as it goes. */
export class Balances {
  private readonly amounts = new Map<string, bigint>();

  /** Records a balance as read from the database. */
  set(userId: number, ticker: string, amount: string): void {
    this.amounts.set(`${userId}:${ticker}`, toScaled(amount));
  }

  /** An account's available balance now (zero when it holds none). */
  get(userId: number, ticker: Ticker): bigint {
    return this.amounts.get(`${userId}:${ticker}`) ?? 0n;
  }

  /** Follows a posting's effect on the available balances this batch knows. */
  apply(posting: Posting): void {
    const amount = toScaled(posting.amount);
    for (const [side, sign] of [
      [posting.from, -1n],
      [posting.to, 1n],
    ] as const) {
      if (!('user' in side) || side.held === true) continue;
      const key = `${side.user}:${posting.ticker}`;
      const known = this.amounts.get(key);
      if (known !== undefined) this.amounts.set(key, known + sign * amount);
    }
  }
}

/**
 * The select that locks and reads the available balances a batch's orders spend from (null when
 * they spend none): locked, so that no other writer (a withdrawal) can spend them before the
 * batch commits. Run as part of the statement that opens the batch (batchOpening.ts). Locked in
 * account and currency order: two servers' batches spending from the same accounts (the demo's
 * traders on two spread units) then queue on their first shared balance instead of each holding
 * one the other waits for, which PostgreSQL would end as a deadlock.
 */
export function lockingBalances(
  spends: readonly Spend[],
): RawBuilder<{ user_id: number; ticker: string; balance: string }> | null {
  const wanted = [...new Map(spends.map((s) => [`${s.userId}:${s.ticker}`, s])).values()];
  if (wanted.length === 0) return null;
  return sql`select user_id, ticker, balance from ledger_accounts
    where (user_id, ticker) in (select * from unnest(
      ${wanted.map((w) => w.userId)}::integer[], ${wanted.map((w) => w.ticker)}::text[]))
      and not held
    order by user_id, ticker
    for update`;
}

/**
 * What a market buy by amount may spend, in notional units: it names no price, so it is bounded
 * by the account's USDT, and by the pair's largest order.
 */
export function marketBuyTotal(balances: Balances, userId: number, spec: PairSpec): number {
  const units = balances.get(userId, 'USDT') / 10n ** BigInt(SCALE - spec.valueDecimals);
  // Capped while still a BigInt: a balance can hold more notional units than 2^53.
  const cap = BigInt(spec.maxNotional);
  const total = Number(units < cap ? units : cap);
  if (total <= 0) throw refusal('order.insufficientBalance', { ticker: 'USDT' });
  return total;
}

/** Refuses an order whose hold is more than the account's available balance. */
export function requireHold(balances: Balances, userId: number, hold: Money): void {
  if (toScaled(hold.amount) > balances.get(userId, hold.ticker)) {
    throw refusal('order.insufficientBalance', { ticker: hold.ticker });
  }
}

/** Refuses a group unless each leg is funded by the balance plus what the legs before deliver. */
export function requireGroupFunds(
  balances: Balances,
  userId: number,
  legs: readonly GroupLeg[],
): void {
  const funds = new Map<Ticker, bigint>();
  const fundsOf = (ticker: Ticker) => funds.get(ticker) ?? balances.get(userId, ticker);
  for (const { spends, receives } of legs) {
    const left = fundsOf(spends.ticker) - toScaled(spends.amount);
    if (left < 0n) throw refusal('order.insufficientBalance', { ticker: spends.ticker });
    funds.set(spends.ticker, left);
    funds.set(receives.ticker, fundsOf(receives.ticker) + toScaled(receives.amount));
  }
}
