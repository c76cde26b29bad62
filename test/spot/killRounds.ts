/**
 * The rounds of a fault run, whatever the clients do: the server is started, the clients' traffic
 * runs against it and the server is killed with SIGKILL once a random number of moves have been
 * acknowledged in the round (a count, not a time: a busy machine makes a round slower, never
 * thinner, so the run proves as much whatever the load), then the
 * database is audited while nothing runs, and the server is started again, `kills` times. The
 * last start ends with a clean stop instead of a kill. What the clients send, what is checked
 * after each start and what the audit reads are the caller's (the hooks).
 */
import type { Database } from '../../server/storage/db.ts';
import { seededRandom } from '../seededRandom.ts';
import { type DatabasePlace, startServerProcess, withDatabase } from './serverProcess.ts';

/** What a fault run does in each round; each check returns the problems it found, in words. */
export interface RoundHooks {
  /**
   * Right after each start (round 0 is the first): what the server rebuilt, checked, and what
   * was in flight at the kill, sent again.
   */
  started(url: string, round: number): Promise<string[]>;
  /** The clients' traffic; resolves once the server stops answering. */
  traffic(url: string, round: number): Promise<void>;
  /** How many moves the server has acknowledged so far, over every round. */
  acknowledged(): number;
  /** After the last start, in place of traffic and a kill: letting things settle, say. */
  finish?(url: string): Promise<string[]>;
  /** The database, read with the server down after each round; `last` after the clean stop. */
  audit(db: Database, round: number, last: boolean): Promise<string[]>;
}

/** How the rounds go. */
export interface RoundOptions {
  place: DatabasePlace;
  kills: number;
  /** Seeds the moments of the kills. */
  seed: number;
  /** The server is killed once this many moves (a number in the range) are acknowledged. */
  killAfterMoves: readonly [number, number];
  /** The server's environment over serverEnv's (the devnet's clock, say). */
  env?: Readonly<Record<string, string>>;
}

/** What the rounds found. */
export interface RoundOutcome {
  /** Every problem a hook reported, with the round it came from. */
  problems: string[];
  /** Median milliseconds from spawning the server to serving, over the restarts. */
  restartMs: number;
}

/** Runs `kills` rounds and a last one; see the file comment. */
export async function runKillRounds(
  options: RoundOptions,
  hooks: RoundHooks,
): Promise<RoundOutcome> {
  const random = seededRandom(options.seed);
  const problems: string[] = [];
  const restarts: number[] = [];
  for (let round = 0; round <= options.kills; round += 1) {
    const last = round === options.kills;
    const server = await startServerProcess(options.place, options.env);
    restarts.push(server.startMs);
    try {
      problems.push(...(await hooks.started(server.url, round)));
      if (last) {
        problems.push(...((await hooks.finish?.(server.url)) ?? []));
        await server.stop();
      } else {
        const [min, max] = options.killAfterMoves;
        const target = hooks.acknowledged() + Math.round(min + random() * (max - min));
        let ended = false;
        const traffic = hooks.traffic(server.url, round).finally(() => {
          ended = true;
        });
        while (hooks.acknowledged() < target && !ended) await delay(2);
        await server.kill();
        await traffic;
      }
    } catch (error) {
      // A hook that throws must not leave the server running beside the next test.
      await server.kill();
      throw error;
    }
    const when = last ? 'at the end' : `after kill ${round + 1}`;
    await withDatabase(options.place, async (db) => {
      for (const problem of await hooks.audit(db, round, last))
        problems.push(`${when}: ${problem}`);
    });
  }
  return { problems, restartMs: median(restarts.slice(1)) };
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
