/**
 * Takes snapshots on a schedule and when staff ask, once across every server sharing the
 * database: each run takes the turn (an advisory lock on PostgreSQL; a server on PGlite is
 * alone) and, on the schedule, takes a snapshot only when the latest is older than the period,
 * so however many servers check, one snapshot is taken per period. Within a server, one snapshot
 * is taken at a time. The same timer deletes old snapshots' proofs (retention.ts); two servers
 * doing so at once delete each once, as the second's update finds them pruned.
 */
import type { FastifyBaseLogger } from 'fastify';
import { refusal } from '../errors/DomainError.ts';
import type { Database } from '../storage/db.ts';
import { inTurnWhenShared } from '../storage/inTurn.ts';
import { RepeatingRun } from '../wallet/RepeatingRun.ts';
import type { ReserveReader } from './reserveAddresses.ts';
import { pruneSnapshots } from './retention.ts';
import { type TakenSnapshot, takeSnapshot } from './takeSnapshot.ts';

/** How often the schedule checks whether a snapshot is due. */
export const SNAPSHOT_CHECK_MS = 5 * 60_000;

/** The advisory lock's name: one snapshot at a time across the servers. */
const TURN = 'reserves snapshot';

/** Snapshots under way, per database: a second request waits for none, it is refused. */
const underWay = new WeakSet<Database>();

/** Takes a snapshot now unless one is under way here or on another server (`reserves.busy`). */
export async function snapshotNow(
  db: Database,
  takenBy: number | null,
  reserves?: ReserveReader,
): Promise<TakenSnapshot> {
  const taken = await oneAtATime(db, () =>
    takeSnapshot(db, { takenBy, ...(reserves === undefined ? {} : { reserves }) }),
  );
  if (taken === null) throw refusal('reserves.busy');
  return taken;
}

/** A snapshot when the latest is older than `periodMs` (or there is none); null when not due. */
export async function snapshotWhenDue(
  db: Database,
  periodMs: number,
  reserves?: ReserveReader,
): Promise<TakenSnapshot | null> {
  return oneAtATime(db, async () => {
    const latest = await db
      .selectFrom('reserve_snapshots')
      .select('taken_at')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest !== undefined && Date.now() - latest.taken_at.getTime() < periodMs) return null;
    return takeSnapshot(db, { takenBy: null, ...(reserves === undefined ? {} : { reserves }) });
  });
}

/** What the schedule keeps to: a snapshot every `periodMs` (0: none), proofs for `keepDays`. */
export interface ScheduleSettings {
  periodMs: number;
  keepDays: number;
}

/**
 * Checks every SNAPSHOT_CHECK_MS whether a snapshot is due (see the file comment), and deletes
 * the proofs of snapshots older than the days they are kept (retention.ts).
 */
export function startSnapshotSchedule(
  db: Database,
  settings: ScheduleSettings,
  log: FastifyBaseLogger,
  reserves?: ReserveReader,
): RepeatingRun {
  const { periodMs, keepDays } = settings;
  return RepeatingRun.start(
    async () => {
      const taken = periodMs > 0 ? await snapshotWhenDue(db, periodMs, reserves) : null;
      if (taken !== null) log.info({ snapshot: taken.id }, 'reserves: snapshot taken');
      const pruned = await pruneSnapshots(db, keepDays);
      if (pruned.length > 0) log.info({ snapshots: pruned }, 'reserves: old proofs deleted');
    },
    periodMs > 0 ? Math.min(SNAPSHOT_CHECK_MS, periodMs) : SNAPSHOT_CHECK_MS,
    (error) => log.warn({ err: error }, 'reserves: snapshot failed'),
  );
}

async function oneAtATime<T>(db: Database, job: () => Promise<T>): Promise<T | null> {
  if (underWay.has(db)) return null;
  underWay.add(db);
  try {
    return await inTurnWhenShared(db, TURN, job);
  } finally {
    underWay.delete(db);
  }
}
