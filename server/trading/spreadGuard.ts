/**
 * Every server of a cluster must match the market the same way: one unit for the whole market,
 * or one unit per pair (`MARKET_SPREAD`). A server started the other way would take locks nobody
 * else takes and forward orders to intakes nobody reads, so it refuses to start, saying why; it
 * does not adopt the running servers' setting, since that would run it against its operator's
 * configuration and leave the next restart to decide which way the cluster goes. What it looks
 * at is the running servers' locks (PostgreSQL's `pg_locks`): a server that matches holds its
 * units' locks for as long as it lives. Two servers started the two ways at the same moment both
 * see no lock and both start: start the first server of a cluster alone.
 */
import { sql } from 'kysely';
import type { Database } from '../storage/db.ts';
import { lockNameOf } from './ownership.ts';
import { unitsOf } from './units.ts';

/** Refuses to start a server whose `spread` differs from the servers running on `db`. */
export async function requireSameSpread(db: Database, spread: boolean): Promise<void> {
  const others = unitsOf(!spread).map((unit) => lockNameOf(unit.name));
  // An advisory lock on a bigint key shows its lower half as objid.
  const { rows } = await sql<{ held: number }>`
    select count(*)::int as held from unnest(${others}::text[]) as u (name)
      join pg_locks l on l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and l.objid::bigint = (hashtext(u.name)::bigint & 4294967295)`.execute(db);
  if ((rows[0]?.held ?? 0) === 0) return;
  const mine = spread ? 'on' : 'off';
  const theirs = spread ? 'off' : 'on';
  throw new Error(
    `MARKET_SPREAD=${mine}, but the servers running on this database match the market with MARKET_SPREAD=${theirs}: start every server of a cluster with the same MARKET_SPREAD (to switch, stop them all first).`,
  );
}
