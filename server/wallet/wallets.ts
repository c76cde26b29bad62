/**
 * A user's wallets: one per listed currency, zeros included, available and
 * held apart, valued at the USD reference prices (a pair's last trade price once it has traded),
 * and the totals the profile shows (balance, balanceBTC, percentChange). A wallet's chart is its
 * pair's last day of hourly closes once the pair has traded, else the seeded series.
 */
import { sql } from 'kysely';
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

interface Holding extends Wallet {
  price: number;
}

/** Every wallet of a user in listing order: the eight assets, then USDT. */
export async function listWallets(
  db: Queryable,
  userId: number,
  priceCharts: PriceCharts,
): Promise<Wallet[]> {
  return (await holdings(db, userId, priceCharts)).map(({ price: _price, ...wallet }) => wallet);
}

/** The USD and BTC totals and the weighted price change of a user's wallets. */
export async function walletTotals(
  db: Queryable,
  userId: number,
  priceCharts: PriceCharts,
): Promise<WalletTotals> {
  const rows = await holdings(db, userId, priceCharts);
  let balance = 0;
  let before = 0;
  for (const row of rows) {
    balance += row.balance;
    const first = row.chart[0] ?? row.price;
    before += (row.balance / row.price) * first;
  }
  const btcPrice = rows.find((row) => row.ticker === 'BTC')?.price ?? 0;
  return {
    // Same precision as each wallet's value, so the total always equals the wallets' sum.
    balance: round(balance, 8),
    balanceBTC: btcPrice > 0 ? round(balance / btcPrice, 8) : 0,
    percentChange: before > 0 ? round(((balance - before) / before) * 100, 2) : 0,
  };
}

async function holdings(
  db: Queryable,
  userId: number,
  priceCharts: PriceCharts,
): Promise<Holding[]> {
  const rows = await db
    .selectFrom('currencies as c')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.ticker', '=', 'c.ticker').on('a.user_id', '=', userId),
    )
    .select([
      'c.id',
      'c.ticker',
      'c.chart',
      sql<string>`trim_scale(coalesce(sum(a.balance), 0))::text`.as('amount'),
      sql<string>`trim_scale(coalesce(sum(a.balance) filter (where not a.held), 0))::text`.as(
        'available',
      ),
      sql<string>`trim_scale(coalesce(sum(a.balance) filter (where a.held), 0))::text`.as('held'),
      // The product is exact in numeric; only the rounded result becomes a float.
      sql<number>`round(coalesce(sum(a.balance), 0) * c.price, 8)::float8`.as('balance'),
      sql<number>`c.price::float8`.as('price'),
    ])
    .groupBy(['c.id', 'c.ticker', 'c.chart', 'c.price', 'c.position'])
    .orderBy('c.position')
    .execute();
  const charts = await priceCharts(db);
  return rows.map((row) => {
    const ticker = row.ticker as Ticker;
    return { ...row, ticker, chart: charts.get(ticker) ?? row.chart };
  });
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
