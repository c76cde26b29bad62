/**
 * A user's wallets: one per listed currency, zeros included, available and
 * held apart, valued at the USD reference prices (a pair's last trade price once it has traded),
 * and the totals the profile shows (balance, balanceBTC, percentChange). A wallet's chart is its
 * pair's last day of hourly closes once the pair has traded, else the seeded series.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Ticker, Wallet } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

/** The totals of a user's wallets shown in the profile. */
export interface WalletTotals {
  /** USD value at the reference prices. */
  balance: number;
  /** The same value in BTC. */
  balanceBTC: number;
  /** Change of the holdings' USD value from the first to the last chart price, in percent. */
  percentChange: number;
}

/**
 * Each currency's chart once its pair has traded: the spot market computes it, and the caller
 * passes it in, since the market stands on the wallet and not the other way round.
 */
export type PriceCharts = (db: Queryable) => Promise<ReadonlyMap<Ticker, number[]>>;

/** A wallet with the USD reference price it is valued at. */
export interface Holding extends Wallet {
  price: number;
}

/** Every wallet of a user in listing order: the eight assets, then USDT. */
export async function listWallets(
  db: Queryable,
  userId: number,
  priceCharts: PriceCharts,
): Promise<Wallet[]> {
  const rows = await readHoldings(db, userId);
  return withCharts(rows, await priceCharts(db)).map(({ price: _price, ...wallet }) => wallet);
}

/** The USD and BTC totals and the weighted price change of a user's wallets. */
export async function walletTotals(
  db: Queryable,
  userId: number,
  priceCharts: PriceCharts,
): Promise<WalletTotals> {
  const row = await db
    .selectNoFrom(walletValuesColumn(sql.val(userId)).as('values'))
    .executeTakeFirstOrThrow();
  return totalsOf(row.values, await priceCharts(db));
}

/**
 * What the totals read of one wallet: its USD value (at the reference price, rounded as the
 * wallet's own), that price, and the first point of the currency's seeded chart (null if none).
 */
export interface WalletValue {
  ticker: Ticker;
  balance: number;
  price: number;
  first: number | null;
}

/**
 * The totals the profile shows (see WalletTotals): the chart's first price is the traded one's
 * when `charts` has it, else the seeded one's, else the price itself. A wallet with nothing in
 * it adds exactly 0 to both sums, so only wallets with a ledger account need to be passed, and
 * BTC's, whose price the BTC total is measured in.
 */
export function totalsOf(
  values: readonly WalletValue[],
  charts: ReadonlyMap<Ticker, readonly number[]>,
): WalletTotals {
  let balance = 0;
  let before = 0;
  for (const value of values) {
    balance += value.balance;
    const traded = charts.get(value.ticker);
    const first = (traded === undefined ? value.first : traded[0]) ?? value.price;
    before += (value.balance / value.price) * first;
  }
  const btcPrice = values.find((value) => value.ticker === 'BTC')?.price ?? 0;
  return {
    // Same precision as each wallet's value, so the total always equals the wallets' sum.
    balance: round(balance, 8),
    balanceBTC: btcPrice > 0 ? round(balance / btcPrice, 8) : 0,
    percentChange: before > 0 ? round(((balance - before) / before) * 100, 2) : 0,
  };
}

/** Holdings with each traded asset's chart in place of its seeded one. */
export function withCharts(
  rows: readonly Holding[],
  charts: ReadonlyMap<Ticker, number[]>,
): Holding[] {
  return rows.map((row) => ({ ...row, chart: charts.get(row.ticker) ?? row.chart }));
}

/**
 * The wallets of the account whose id `userId` gives, as one JSON array of Holding in listing
 * order, with the seeded charts: a SQL expression, so that a query about the account (the
 * caller's lookup) can bring them in the same statement.
 */
export function holdingsColumn(userId: Expression<number>): RawBuilder<Holding[]> {
  return sql<Holding[]>`(select coalesce(json_agg(w.holding order by w.position), '[]')
    from (
      select c.position, json_build_object(
        'id', c.id,
        'ticker', c.ticker,
        'chart', c.chart,
        'amount', trim_scale(coalesce(sum(a.balance), 0))::text,
        'available', trim_scale(coalesce(sum(a.balance) filter (where not a.held), 0))::text,
        'held', trim_scale(coalesce(sum(a.balance) filter (where a.held), 0))::text,
        -- The product is exact in numeric; only the rounded result becomes a float.
        'balance', round(coalesce(sum(a.balance), 0) * c.price, 8)::float8,
        'price', c.price::float8
      ) as holding
      from currencies c
      left join ledger_accounts a on a.ticker = c.ticker and a.user_id = ${userId}
      group by c.id
    ) w)`;
}

/**
 * The values of the wallets of the account whose id `userId` gives that have a ledger account
 * (and BTC's, whose price the BTC total needs), as one JSON array of WalletValue in listing order:
 * a SQL expression, so that the caller's lookup can bring them in its statement. Each value is
 * holdingsColumn's `balance` of that wallet; the array is far smaller than the holdings' (no
 * charts, no other empty wallets).
 */
export function walletValuesColumn(userId: Expression<number>): RawBuilder<WalletValue[]> {
  return sql<WalletValue[]>`(select coalesce(json_agg(json_build_object(
      'ticker', v.ticker, 'balance', v.balance, 'price', v.price, 'first', v.first
    ) order by v.position), '[]')
    from (
      select c.ticker, c.position, c.chart -> 0 as first, c.price::float8 as price,
        round(coalesce(sum(a.balance), 0) * c.price, 8)::float8 as balance
      from currencies c
      left join ledger_accounts a on a.ticker = c.ticker and a.user_id = ${userId}
      group by c.id
      -- BTC's price always comes: the BTC total is measured in it.
      having count(a.id) > 0 or c.ticker = 'BTC'
    ) v)`;
}

async function readHoldings(db: Queryable, userId: number): Promise<Holding[]> {
  const row = await db
    .selectNoFrom(holdingsColumn(sql.val(userId)).as('holdings'))
    .executeTakeFirstOrThrow();
  return row.holdings;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
