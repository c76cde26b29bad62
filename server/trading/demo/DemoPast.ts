/**
 * The demo market's past: on a first start, before the market maker and the taker trade live,
 * they play the hours before now on a simulated clock, so the first look at every chart and
 * ticker is a living market rather than one candle. Nothing is written around the market: the
 * past's orders go through the same engine, holds, settlement and ledger entries in each batch's
 * transaction as any order, only stamped with the simulated clock (Market.alone). Its trades are
 * marked `backdated`; its ledger entries and deposits carry the real time they were written.
 *
 * The clock moves in steps of `stepMs` (5 minutes by default), each at a random moment of its
 * slot, slots aligned on the clock so every candle of that length gets a trade on every pair.
 * A step funds both traders, then queues the taker's order on every pair (against the quotes of
 * the step before) and the maker's new quotes in one turn: one batch a step.
 *
 * Each owner of a unit of the market (units.ts) plays the past of the unit's pairs on its own
 * market: the whole market's at once, or, spread, each pair's by the server that owns it. A pair
 * plays while every trade on it is backdated (none on a first start): an owner stopped half-way
 * (killed, or the unit handed to another server) leaves a shorter past, every step one whole
 * batch, and the next owner goes on from the pair's last trade, never playing a moment twice;
 * once anyone traded live on the pair, no past is played there again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { PairSymbol } from '../../../core/markets/pairs.ts';
import type { Queryable } from '../../storage/db.ts';
import type { Market } from '../Market.ts';
import { BackdatedVenue } from './DemoVenue.ts';
import type { Funding } from './Funding.ts';
import type { Halt } from './Halt.ts';
import { MarketMaker } from './MarketMaker.ts';
import { Taker } from './Taker.ts';

const HOUR_MS = 3_600_000;

/**
 * A day, so every 24 h figure and chart starts full; a step every 5 simulated minutes, so every
 * 5-minute candle has a trade on every pair (a step a minute took five times as long and wrote
 * four times the rows: docs/measurements.md).
 */
export const PAST_DEFAULTS: PastSettings = { hours: 24, stepMs: 300_000 };

/** How long a past to play and how fine its steps. */
export interface PastSettings {
  /** Hours before the start the past begins (0: none). */
  hours: number;
  /** The simulated time between two steps, in ms. */
  stepMs: number;
}

/** The demo traders and what they draw their funds and chances from. */
export interface PastTraders {
  makerId: number;
  takerId: number;
  makerFunding: Funding;
  takerFunding: Funding;
  random: () => number;
  log: FastifyBaseLogger;
}

/** What a past played. */
export interface PastPlayed {
  /** Steps played (none when there was no past to play). */
  steps: number;
  /** The simulated time of the first and the last step (ms), null when none. */
  from: number | null;
  to: number | null;
}

/**
 * Where the past of `pairs` still to play begins (ms): `hours` before `now`, or just after their
 * newest backdated trade when a past was cut short; null when there is none to play (one of
 * them traded live).
 */
export async function pastStart(
  db: Queryable,
  pairs: readonly PairSymbol[],
  hours: number,
  now: number,
): Promise<number | null> {
  if (hours <= 0 || pairs.length === 0) return null;
  const live = await db
    .selectFrom('trades')
    .select('id')
    .where('backdated', '=', false)
    .where('pair', 'in', pairs)
    .limit(1)
    .executeTakeFirst();
  if (live !== undefined) return null;
  const newest = await db
    .selectFrom('trades')
    .select(sql<Date | null>`max(created_at)`.as('at'))
    .where('pair', 'in', pairs)
    .executeTakeFirstOrThrow();
  const after = newest.at === null ? Number.NEGATIVE_INFINITY : new Date(newest.at).getTime() + 1;
  return Math.max(now - hours * HOUR_MS, after);
}

/**
 * Plays the past of `pairs` (those `market` matches) from `from` up to the moment the clock
 * catches up with the real one, or until `halt` is asked, with the market to itself
 * (Market.alone). None when someone else has an order open on them: a backdated trade must never
 * take a real order.
 */
export async function playPast(
  market: Market,
  pairs: readonly PairSymbol[],
  db: Queryable,
  traders: PastTraders,
  settings: PastSettings,
  from: number,
  halt: Halt,
): Promise<PastPlayed> {
  const played: PastPlayed = { steps: 0, from: null, to: null };
  const { stepMs } = settings;
  const { random, log } = traders;
  await market.alone(async (past) => {
    if (await othersHaveOrders(db, pairs, [traders.makerId, traders.takerId])) {
      log.warn('demo market: other accounts have open orders; no past is played');
      return;
    }
    const venue = new BackdatedVenue(market, past);
    const maker = new MarketMaker(venue, traders.makerId, traders.makerFunding, log, random, pairs);
    const taker = new Taker(venue, traders.takerId, traders.takerFunding, log, random, pairs);
    for (let slot = Math.ceil(from / stepMs) * stepMs; ; slot += stepMs) {
      // A random moment of the slot, clear of its end, so two steps never share a time.
      const at = slot + Math.floor(random() * stepMs * 0.9);
      if (halt.asked || at >= Date.now()) break;
      venue.at = new Date(at);
      await playStep(venue, maker, taker, pairs, at);
      played.steps += 1;
      played.from ??= at;
      played.to = at;
    }
  });
  return played;
}

/**
 * One step: both traders topped up, then the taker's order on every pair and the maker's new
 * quotes, queued in one turn: one batch.
 */
async function playStep(
  venue: BackdatedVenue,
  maker: MarketMaker,
  taker: Taker,
  pairs: readonly PairSymbol[],
  at: number,
): Promise<void> {
  await maker.fund();
  await taker.fund();
  // A book left bare (the first step, or after the maker's quotes were cancelled on a stop)
  // gets its quotes first, so the taker has something to take in this step too.
  if (pairs.some((pair) => bare(venue, pair))) {
    await Promise.all(pairs.map((pair) => maker.requote(pair, at)));
  }
  await Promise.all(pairs.flatMap((pair) => [taker.tradeOn(pair), maker.requote(pair, at)]));
}

/** Whether either side of the pair's book is empty. */
function bare(venue: BackdatedVenue, pair: PairSymbol): boolean {
  const { bids, asks } = venue.book(pair).depth(1);
  return bids.length === 0 || asks.length === 0;
}

/**
 * Whether an account other than `traders` has an open order on `pairs` (the books as last
 * committed).
 */
async function othersHaveOrders(
  db: Queryable,
  pairs: readonly PairSymbol[],
  traders: number[],
): Promise<boolean> {
  const found = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['new', 'partiallyFilled'])
    .where('pair', 'in', pairs)
    .where('user_id', 'not in', traders)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
