/**
 * The spot market's fault run: traders place, cancel and trade through the API while the server
 * is killed with SIGKILL at random moments and started again. After each kill the database is
 * audited (audit.ts) and checked against what the traders were told (journal.ts); after each
 * restart every book the server rebuilt must equal the one the stored orders make, and each
 * placement that was in flight is sent again with its client order id: it must come back as the
 * stored order when it had been committed, and be placed once when it had not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { BookDepth, SpotOrder } from '../../core/protocol/index.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/storage/db.ts';
import { seededRandom } from '../seededRandom.ts';
import { auditSpot, storedBooks } from './audit.ts';
import { Journal, stillOpen } from './journal.ts';
import { runKillRounds } from './killRounds.ts';
import { type DatabasePlace, serverEnv, withDatabase } from './serverProcess.ts';
import { callApi, prepareTraders, StepStream, type Trader } from './traders.ts';

/** How a fault run goes. */
export interface FaultOptions {
  place: DatabasePlace;
  traders: number;
  kills: number;
  seed: number;
  /** The server is killed once this many moves (a number in the range) are acknowledged. */
  killAfterMoves: readonly [number, number];
}

/** What a fault run saw. */
export interface FaultFigures {
  kills: number;
  placed: number;
  cancels: number;
  refused: number;
  trades: number;
  /** Placements in flight at a kill, and of those, how many had been committed. */
  inFlight: number;
  inFlightCommitted: number;
  /** Median milliseconds from spawning the server to serving, books rebuilt. */
  restartMs: number;
  /** Every broken rule, in words: empty when the market came through every kill intact. */
  problems: string[];
}

/** Runs the traders against the server, killing it `kills` times; see the file comment. */
export async function runFaults(options: FaultOptions): Promise<FaultFigures> {
  const config = loadConfig(serverEnv(options.place));
  const traders = await withDatabase(options.place, (db) =>
    prepareTraders(db, config, options.traders, undefined, { referrals: true }),
  );
  const streams = traders.map(
    (_, i) => new StepStream(seededRandom(options.seed * 1000 + i), `t${i}`),
  );
  const openOf = traders.map((): SpotOrder[] => []);
  const journal = new Journal();
  let expectedBooks = new Map<PairSymbol, BookDepth>();
  let committed = new Map<string, number>();
  let inFlight = 0;
  let inFlightCommitted = 0;
  let trades = 0;

  const outcome = await runKillRounds(options, {
    async started(url, round) {
      if (round === 0) return [];
      return [
        ...(await compareBooks(url, expectedBooks, round)),
        ...(await placeAgain(url, journal, committed, openOf, traders)),
      ];
    },
    async traffic(url) {
      await Promise.all(
        traders.map((trader, i) =>
          trade(url, trader, streams[i] as StepStream, openOf, i, journal),
        ),
      );
    },
    acknowledged: () => journal.placed + journal.cancels,
    async audit(db) {
      const inRound = journal.inFlight;
      const problems = [
        ...(await auditSpot(db, config.referralShare)),
        ...(await journal.check(db)),
      ];
      expectedBooks = await storedBooks(db);
      committed = await committedClientIds(db, journal);
      inFlight += inRound.length;
      inFlightCommitted += inRound.filter((f) =>
        committed.has(`${f.trader.userId}:${f.step.params.clientOrderId}`),
      ).length;
      trades = await countTrades(db);
      return problems;
    },
  });
  return {
    kills: options.kills,
    placed: journal.placed,
    cancels: journal.cancels,
    refused: [...journal.refusals.values()].reduce((a, b) => a + b, 0),
    trades,
    inFlight,
    inFlightCommitted,
    restartMs: outcome.restartMs,
    problems: outcome.problems,
  };
}

async function countTrades(db: Database): Promise<number> {
  const row = await db
    .selectFrom('trades')
    .select((t) => t.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One trader's loop until the server stops answering; a placement then in flight is journaled. */
async function trade(
  url: string,
  trader: Trader,
  stream: StepStream,
  openOf: SpotOrder[][],
  index: number,
  journal: Journal,
): Promise<void> {
  for (;;) {
    const step = stream.step(openOf[index] ?? []);
    let answer: Awaited<ReturnType<typeof callApi>>;
    try {
      answer = await callApi(url, step.method, trader.token, step.params);
    } catch {
      if (step.method === 'orders.place') journal.inFlight.push({ trader, step });
      return;
    }
    openOf[index] = stillOpen(openOf[index] ?? [], journal.record(trader, step, answer));
  }
}

/** The rebuilt books against the stored orders' books. */
async function compareBooks(
  url: string,
  expected: Map<PairSymbol, BookDepth>,
  round: number,
): Promise<string[]> {
  const problems: string[] = [];
  for (const pair of PAIR_SYMBOLS) {
    const answer = await callApi(url, 'markets.getBook', '', { pair, depth: 500 });
    const book = answer.book as BookDepth;
    const wanted = expected.get(pair);
    const same =
      isDeepStrictEqual(book.bids, wanted?.bids ?? []) &&
      isDeepStrictEqual(book.asks, wanted?.asks ?? []);
    if (!same)
      problems.push(`after restart ${round}: ${pair}'s book differs from its stored orders`);
  }
  return problems;
}

/**
 * Sends every placement that was in flight again: one that was committed must come back as the
 * stored order, one that was not is placed now (or refused), and journaled either way.
 */
async function placeAgain(
  url: string,
  journal: Journal,
  committed: Map<string, number>,
  openOf: SpotOrder[][],
  traders: Trader[],
): Promise<string[]> {
  const problems: string[] = [];
  const inFlight = journal.inFlight;
  journal.inFlight = [];
  for (const { trader, step } of inFlight) {
    const answer = await callApi(url, step.method, trader.token, step.params);
    const storedId = committed.get(`${trader.userId}:${step.params.clientOrderId}`);
    const order = answer.order as SpotOrder | undefined;
    if (storedId !== undefined && order?.id !== storedId) {
      problems.push(
        `placing ${step.params.clientOrderId} again answered ${order ? `order ${order.id}` : answer.error_msg} instead of the stored order ${storedId}`,
      );
    }
    const index = traders.indexOf(trader);
    openOf[index] = stillOpen(openOf[index] ?? [], journal.record(trader, step, answer));
  }
  return problems;
}

/** The stored orders of the in-flight placements' client ids: `user:clientId` → order id. */
async function committedClientIds(db: Database, journal: Journal): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const { trader, step } of journal.inFlight) {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', trader.userId)
      .where('client_order_id', '=', step.params.clientOrderId)
      .executeTakeFirst();
    if (row !== undefined) found.set(`${trader.userId}:${step.params.clientOrderId}`, row.id);
  }
  return found;
}

/** A fresh embedded database folder, removed by the returned function. */
export function scratchDataDir(): { place: DatabasePlace; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-fault-'));
  return {
    place: { dataDir: join(dir, 'db') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
