/**
 * A hung server gives its units up. A server that dies or loses its connection drops its locks
 * with it; one that hangs (an event loop stuck, a process stopped) keeps its connections, and so
 * its locks, while matching nothing. So each server that may match says it is alive every
 * SERVER_BEAT_MS on its seat's own connection (`market_servers.beat_at`, MarketSeat.ts), and in
 * the same statement ends the connections of any server silent for SERVER_SILENCE_MS: its seat's
 * (which holds its units' locks) and those of the batches it left open in the epochs it claimed
 * (`market_owners.server`; each holds its batch's lock, ownership.ts). The locks are then free for
 * the next look, and the epochs fence the silent server should it wake.
 *
 * One beat per server is as good as one per unit: a unit's lock lives on its server's seat
 * connection, so the unit's owner is alive exactly when the seat is heard, and a unit whose
 * batches stall behind another server's open batch needs that server ended, not its own owner.
 * The beat waits on no row (its own row only; no batch writes it) and on no pool (its own
 * connection), so a busy owner is still heard; what silences it is an event loop that runs
 * nothing for SERVER_SILENCE_MS. A false alarm (an owner starved that long) costs its units one
 * failover, never a double fill, and is counted in `market_servers.evicted`.
 */

import { sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../storage/db.ts';
import { BATCH_LOCK_PREFIX, SEAT_LOCK_PREFIX } from './ownership.ts';

/** How often a server that may match says it is alive, and looks for silent ones. */
export const SERVER_BEAT_MS = 250;

/**
 * How long a server may go unheard before the others end its connections: six beats, so a
 * process descheduled or paused for a second on a loaded machine is still heard, and short
 * enough that a hung owner's units take orders again within the failover goal of 3 s.
 */
export const SERVER_SILENCE_MS = 1_500;

/** An advisory lock's key in `pg_locks` (its low 32 bits, as objid) from its name in SQL. */
const KEY = (name: string) => `(hashtext(${name})::bigint & 4294967295)`;

/**
 * The beat: raises this server's `beat_at`, and ends every connection of the servers silent
 * longer than `silenceMs` (their seat's, and their open batches'), counting each silence once
 * (two servers may end one together: the second's count waits for the first's and skips it).
 * Answers the ids of the servers whose connections it ended.
 */
const BEAT = `with beat as (update market_servers set beat_at = now() where id = $1),
  silent as (
    select m.id from market_servers m
      where m.beat_at < now() - $2::interval and m.id <> $1),
  here as (select oid from pg_database where datname = current_database()),
  doomed as (
    select distinct s.id, l.pid from silent s, here, pg_locks l
      where l.locktype = 'advisory' and l.granted and l.database = here.oid
        and l.pid <> pg_backend_pid()
        and (l.objid::bigint = ${KEY(`$3::text || s.id`)}
          or l.objid::bigint in (
            select ${KEY(`$4::text || o.market || '#' || o.epoch`)} from market_owners o
              where o.server = s.id))),
  ended as (select id, pg_terminate_backend(pid, 250) as ended from doomed),
  counted as (
    update market_servers set evicted = evicted + 1, evicted_beat = beat_at
      where id in (select id from ended where ended)
        and evicted_beat is distinct from beat_at)
  select distinct id from ended where ended`;

/**
 * Says this server (`id`, its seat on `client`) is alive, and ends the silent ones (see BEAT);
 * the ids of the servers ended.
 */
export async function beatAndEndSilent(
  client: pg.ClientBase,
  id: string,
  silenceMs = SERVER_SILENCE_MS,
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(BEAT, [
    id,
    `${silenceMs} milliseconds`,
    SEAT_LOCK_PREFIX,
    BATCH_LOCK_PREFIX,
  ]);
  return rows.map((row) => row.id);
}

/**
 * How long the unit's owner has been silent, in milliseconds: since its server's last beat, or
 * its claim if later (a new owner's claim counts as speaking); null when no server ever owned it.
 */
export async function ownerSilenceMs(db: Database, market: string): Promise<number | null> {
  const { rows } = await sql<{ silent: string }>`
    select extract(epoch from now() - greatest(o.beat_at, s.beat_at)) * 1000 as silent
      from market_owners o left join market_servers s on s.id = o.server
      where o.market = ${market}`.execute(db);
  const row = rows[0];
  return row === undefined ? null : Number(row.silent);
}

/**
 * The owner's silence as a follower needs it before forwarding a command: a figure that says the
 * owner was heard is used for `maxAgeMs` (its age added), so an idle follower reads nothing and a
 * busy one once that often; one that says it was not is read again first (a new owner may have
 * claimed the unit since).
 */
export class OwnerSilence {
  private silence: number | null = null;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly market: string,
    private readonly maxAgeMs: number,
  ) {}

  /** This server speaks for the unit now (it took it). */
  spoke(): void {
    this.silence = 0;
    this.readAt = performance.now();
  }

  /** Whether the owner was heard within `limitMs` (false while no server ever owned the unit). */
  async heardWithin(limitMs: number): Promise<boolean> {
    const age = performance.now() - this.readAt;
    if (age <= this.maxAgeMs && this.silence !== null && this.silence + age <= limitMs) return true;
    this.silence = await ownerSilenceMs(this.db, this.market);
    this.readAt = performance.now();
    return this.silence !== null && this.silence <= limitMs;
  }
}
