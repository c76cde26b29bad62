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
 * It plays while every trade the market holds is backdated (none on a first start): a server
 * killed half-way leaves a shorter past, every batch whole, and the next owner to start goes on
 * from its last trade; once anyone traded live, no past is played again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { PAIR_SYMBOLS, type PairSymbol } from '../../../core/markets/pairs.ts';
import type { Queryable } from '../../storage/db.ts';
import type { Market } from '../Market.ts';
import { BackdatedVenue } from './DemoVenue.ts';
import type { Funding } from './Funding.ts';
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
 * Where the past still to play begins (ms): `hours` before `now`, or just after the newest
 * backdated trade when a past was cut short; null when there is none to play.
 */
export async function pastStart(db: Queryable, hours: number, now: number): Promise<number | null> {
  if (hours <= 0) return null;
  const live = await db
    .selectFrom('trades')
    .select('id')
    .where('backdated', '=', false)
    .limit(1)
    .executeTakeFirst();
  if (live !== undefined) return null;
  const newest = await db
    .selectFrom('trades')
    .select(sql<Date | null>`max(created_at)`.as('at'))
    .executeTakeFirstOrThrow();
  const after = newest.at === null ? Number.NEGATIVE_INFINITY : new Date(newest.at).getTime() + 1;
  return Math.max(now - hours * HOUR_MS, after);
}

/**
 * Plays the past from `from` up to the moment the clock catches up with the real one, or until
 * `stopped` says so, with the market to itself (Market.alone). None when someone else has an
 * order open: a backdated trade must never take a real order.
 */
export async function playPast(
  market: Market,
  db: Queryable,
  traders: PastTraders,
  settings: PastSettings,
  from: number,
  stopped: () => boolean,
): Promise<PastPlayed> {
  const played: PastPlayed = { steps: 0, from: null, to: null };
  const { stepMs } = settings;
  const { random, log } = traders;
  await market.alone(async (past) => {
    if (await othersHaveOrders(db, [traders.makerId, traders.takerId])) {
      log.warn('demo market: other accounts have open orders; no past is played');
      return;
    }
    const venue = new BackdatedVenue(market, past);
    const maker = new MarketMaker(venue, traders.makerId, traders.makerFunding, log, random);
    const taker = new Taker(venue, traders.takerId, traders.takerFunding, log, random);
    for (let slot = Math.ceil(from / stepMs) * stepMs; !stopped(); slot += stepMs) {
      // A random moment of the slot, clear of its end, so two steps never share a time.
      const at = slot + Math.floor(random() * stepMs * 0.9);
      if (at >= Date.now()) break;
      venue.at = new Date(at);
      await maker.fund();
      await taker.fund();
      // A book left bare (the first step, or after the maker's quotes were cancelled on a stop)
      // gets its quotes first, so the taker has something to take in this step too.
      if (PAIR_SYMBOLS.some((pair) => bare(venue, pair))) {
        await Promise.all(PAIR_SYMBOLS.map((pair) => maker.requote(pair, at)));
      }
      await Promise.all(
        PAIR_SYMBOLS.flatMap((pair) => [taker.tradeOn(pair), maker.requote(pair, at)]),
      );
      played.steps += 1;
      played.from ??= at;
      played.to = at;
    }
  });
  return played;
}

/** Whether either side of the pair's book is empty. */
function bare(venue: BackdatedVenue, pair: PairSymbol): boolean {
  const { bids, asks } = venue.book(pair).depth(1);
  return bids.length === 0 || asks.length === 0;
}

/** Whether an account other than `traders` has an open order (the books as last committed). */
async function othersHaveOrders(db: Queryable, traders: number[]): Promise<boolean> {
  const found = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['new', 'partiallyFilled'])
    .where('user_id', 'not in', traders)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
