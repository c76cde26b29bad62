/**
 * Candles: a pair's stored trades grouped into fixed intervals (open, high, low, close, volumes).
 * One query builds them for markets.getCandles and for the wallets' price charts.
 */
import { sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import { PAIR_SYMBOLS, PAIRS, type PairSpec, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromTicks } from '../../core/markets/units.ts';
import type { Candle, CandleInterval, Ticker } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

const HOUR_MS = 3_600_000;

/** Each candle interval's length. */
export const INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': HOUR_MS,
  '4h': 14_400_000,
  '1d': 24 * HOUR_MS,
};

/** Most candles one call returns. */
export const MAX_CANDLES = 1000;

/** Hours a wallet chart spans. */
export const CHART_HOURS = 24;

/** Sums of lots and of ticks × lots, exact as numeric and sent as text. */
export const volumes = {
  lots: sql<string>`coalesce(sum(amount), 0)::text`,
  notional: sql<string>`coalesce(sum(price * amount), 0)::text`,
};

/** Lots or notional units from a numeric sum, as the pair's decimal text. */
export function sumText(spec: PairSpec, units: string, kind: 'lots' | 'notional'): string {
  const value = BigInt(units);
  return kind === 'lots'
    ? formatDecimal(value * spec.lotUnits, spec.amountDecimals)
    : formatDecimal(value * spec.tickUnits * spec.lotUnits, spec.valueDecimals);
}

/** A candle as the database returns it: prices in ticks, volumes as numeric text. */
interface CandleRow {
  pair: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  lots: string;
  notional: string;
}

/**
 * The candles of `pairs` whose interval of `size` ms holds a trade between `from` (its interval
 * included) and `to`, by pair then time; the first `limit` of them (MAX_CANDLES per pair).
 */
function candleRows(
  db: Queryable,
  pairs: readonly PairSymbol[],
  size: number,
  from: number,
  to: number,
  limit = MAX_CANDLES * pairs.length,
): Promise<CandleRow[]> {
  const start = Math.floor(from / size) * size;
  const bucket = sql<number>`(floor(extract(epoch from created_at) * 1000 / ${size}) * ${size})::bigint`;
  return db
    .selectFrom('trades')
    .select([
      'pair',
      bucket.as('time'),
      sql<number>`(array_agg(price order by id))[1]`.as('open'),
      sql<number>`max(price)`.as('high'),
      sql<number>`min(price)`.as('low'),
      sql<number>`(array_agg(price order by id desc))[1]`.as('close'),
      volumes.lots.as('lots'),
      volumes.notional.as('notional'),
    ])
    .where('pair', 'in', pairs)
    .where('created_at', '>=', new Date(start))
    .where('created_at', '<=', new Date(to))
    .groupBy(['pair', sql`2`])
    .orderBy('pair')
    .orderBy(sql`2`)
    .limit(limit)
    .execute();
}

/** A pair's candles from `from` to `to` (ms), oldest first: the first `limit` (default MAX_CANDLES). */
export async function readCandles(
  db: Queryable,
  pair: PairSymbol,
  interval: CandleInterval,
  range: { from?: number | undefined; to?: number | undefined; limit?: number | undefined },
): Promise<Candle[]> {
  const spec = PAIRS[pair];
  const size = INTERVAL_MS[interval];
  const limit = range.limit ?? MAX_CANDLES;
  const to = range.to ?? Date.now();
  // From `from`, the first `limit` candles; without it, the last `limit` intervals up to `to`.
  const from = range.from ?? to - size * (limit - 1);
  const rows = await candleRows(db, [pair], size, from, to, limit);
  return rows.map(
    (row): Candle => ({
      time: row.time,
      open: fromTicks(spec, row.open),
      high: fromTicks(spec, row.high),
      low: fromTicks(spec, row.low),
      close: fromTicks(spec, row.close),
      baseVolume: sumText(spec, row.lots, 'lots'),
      quoteVolume: sumText(spec, row.notional, 'notional'),
    }),
  );
}

/** The charts last built per database, and what they were built from. */
const builtCharts = new WeakMap<object, { key: string; charts: Promise<Map<Ticker, number[]>> }>();

/**
 * The id of the newest trade (0 before the first): all the wallet charts depend on besides the
 * hour, as a SQL expression that a larger statement can carry (the caller's lookup does).
 */
export const newestTradeColumn = sql<number>`(select coalesce(max(id), 0) from trades)`;

/**
 * Each traded asset's wallet chart over the last CHART_HOURS hours: its price as they began, then
 * every hour's close. An asset whose pair has never traded is left out, so it keeps its seeded
 * chart. The points are numbers for drawing only; money stays in decimal strings.
 *
 * Every signed-in page asks for them (users.getInfo, the wallets), and building them groups a
 * day of trades: they are kept in memory and built again only when a trade was made (on any
 * server sharing the database) or the hour turned since the last time, which is all they depend
 * on.
 */
export async function priceCharts(
  db: Queryable,
  now: number = Date.now(),
): Promise<Map<Ticker, number[]>> {
  const newest = await db.selectNoFrom(newestTradeColumn.as('id')).executeTakeFirstOrThrow();
  return priceChartsAfter(db, newest.id, now);
}

/** The charts (see priceCharts) when `newestTrade` is the newest trade's id, read by the caller. */
export function priceChartsAfter(
  db: Queryable,
  newestTrade: number,
  now: number = Date.now(),
): Promise<Map<Ticker, number[]>> {
  const key = `${newestTrade} ${Math.floor(now / HOUR_MS)}`;
  const built = builtCharts.get(db);
  if (built?.key === key) return built.charts;
  const charts = buildPriceCharts(db, now);
  builtCharts.set(db, { key, charts });
  // A failed build is not kept: the next call tries again.
  charts.catch(() => {
    if (builtCharts.get(db)?.charts === charts) builtCharts.delete(db);
  });
  return charts;
}

async function buildPriceCharts(db: Queryable, now: number): Promise<Map<Ticker, number[]>> {
  const start = Math.floor(now / HOUR_MS) * HOUR_MS - (CHART_HOURS - 1) * HOUR_MS;
  const rows = await candleRows(db, PAIR_SYMBOLS, HOUR_MS, start, now);
  const opening = await pricesBefore(db, start);
  const charts = new Map<Ticker, number[]>();
  for (const pair of PAIR_SYMBOLS) {
    const spec = PAIRS[pair];
    const candles = rows.filter((row) => row.pair === pair);
    const ticks = hourlyCloses(candles, opening[pair], start, now);
    if (ticks === null) continue;
    charts.set(
      spec.base,
      ticks.map((tick) => Number(fromTicks(spec, tick))),
    );
  }
  return charts;
}

/**
 * A chart in ticks: the opening price, then each hour's close up to `now`; an hour without trades
 * keeps the price before it. Null when the pair has no price at all (it has never traded).
 */
function hourlyCloses(
  candles: readonly CandleRow[],
  opening: number | null,
  start: number,
  now: number,
): number[] | null {
  // A pair whose first trade falls inside the window opens at that trade's price.
  const first = opening ?? candles[0]?.open;
  if (first === undefined) return null;
  const closes = new Map(candles.map((candle) => [candle.time, candle.close]));
  // Before its first trade a pair had no price, so the hours before it are not drawn.
  const from = opening === null ? (candles[0]?.time ?? start) : start;
  const points = [first];
  let price = first;
  for (let hour = from; hour <= now; hour += HOUR_MS) {
    price = closes.get(hour) ?? price;
    points.push(price);
  }
  return points;
}

/** Each pair's last trade price before `time`, in ticks; null for a pair with no trade before it. */
async function pricesBefore(
  db: Queryable,
  time: number,
): Promise<Record<PairSymbol, number | null>> {
  // One indexed look-up per pair (trades_pair_time, read backwards) rather than a scan of history.
  const row = await db
    .selectNoFrom((eb) =>
      PAIR_SYMBOLS.map((pair) =>
        eb
          .selectFrom('trades')
          .select('price')
          .where('pair', '=', pair)
          .where('created_at', '<', new Date(time))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .as(pair),
      ),
    )
    .executeTakeFirstOrThrow();
  return row as Record<PairSymbol, number | null>;
}
