/**
 * Several server processes on one PostgreSQL database, as a load balancer would run them: each
 * spawned as the fault runs spawn theirs (test/spot/serverProcess.ts), each naming its database
 * connections after itself (`application_name`), so that PostgreSQL alone tells which server holds
 * the market's lock and which connections to cut.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../server/storage/db.ts';
import { lockNameOf, SPOT_MARKET } from '../../server/trading/ownership.ts';
import { type ServerProcess, startServerProcess } from '../spot/serverProcess.ts';

/** One server of the cluster: its name (its connections' application name) and its process. */
export interface ClusterServer {
  name: string;
  process: ServerProcess;
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
}

/** The servers, in the order started; a restarted one keeps its name and place. */
export class Cluster {
  private constructor(
    private readonly databaseUrl: string,
    private readonly env: Readonly<Record<string, string>>,
    /** The servers as they run now. */
    readonly servers: ClusterServer[],
    private readonly envOf: (name: string) => Readonly<Record<string, string>>,
  ) {}

  /**
   * Starts `count` servers on `databaseUrl`, one after the other, with `env` over serverEnv's,
   * and `envOf` the server's name over that (one server's own settings, a pin).
   */
  static async start(
    databaseUrl: string,
    count: number,
    env: Readonly<Record<string, string>> = {},
    envOf: (name: string) => Readonly<Record<string, string>> = () => ({}),
  ): Promise<Cluster> {
    const cluster = new Cluster(databaseUrl, env, [], envOf);
    try {
      for (let i = 0; i < count; i += 1)
        cluster.servers.push(await cluster.spawn(`server${i + 1}`));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /**
   * Starts `count` servers on `databaseUrl` at once, with `env` over serverEnv's: sooner than
   * one after the other where no test cares which of them takes the spot market first.
   */
  static async startTogether(
    databaseUrl: string,
    count: number,
    env: Readonly<Record<string, string>> = {},
  ): Promise<Cluster> {
    const cluster = new Cluster(databaseUrl, env, [], () => ({}));
    const names = Array.from({ length: count }, (_, i) => `server${i + 1}`);
    const started = await Promise.allSettled(names.map((name) => cluster.spawn(name)));
    for (const each of started) if (each.status === 'fulfilled') cluster.servers.push(each.value);
    const failed = started.find((each) => each.status === 'rejected');
    if (failed !== undefined) {
      await cluster.stop();
      throw failed.reason;
    }
    return cluster;
  }

  /** The server named `name`. */
  named(name: string): ClusterServer {
    const server = this.servers.find((each) => each.name === name);
    if (server === undefined) throw new Error(`no server named ${name}`);
    return server;
  }

  /** Starts the server named `name` again (after a kill) in its place. */
  async restart(name: string): Promise<ClusterServer> {
    const index = this.servers.findIndex((each) => each.name === name);
    const server = await this.spawn(name);
    this.servers[index] = server;
    return server;
  }

  /**
   * Stops every server cleanly (a killed one is already gone), and prints how many times a
   * server was ended for its silence (ownerHeartbeat.ts): each a hang a test made, or a false
   * alarm.
   */
  async stop(): Promise<void> {
    const ended = await evictions(this.databaseUrl).catch(() => null);
    await Promise.all(this.servers.map((server) => server.process.stop()));
    if (ended !== null) console.log(`cluster evictions: ${ended} (servers ended for silence)`);
  }

  private async spawn(name: string): Promise<ClusterServer> {
    const url = new URL(this.databaseUrl);
    url.searchParams.set('application_name', name);
    const process = await startServerProcess(
      { url: url.toString() },
      { ...this.env, ...this.envOf(name) },
    );
    return { name, process, url: process.url };
  }
}

/** How many times the servers on `databaseUrl` ended one of them for its silence. */
export async function evictions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ended: number }>(
      'select coalesce(sum(evicted), 0)::int as ended from market_servers',
    );
    return rows[0]?.ended ?? 0;
  } finally {
    await client.end();
  }
}

/** The spot market's owner now: the server whose connection holds its lock, and the epoch. */
export async function marketOwner(
  db: Database,
): Promise<{ server: string | null; epoch: number | null }> {
  // An advisory lock on a bigint key shows its upper half as classid and its lower half as objid.
  const { rows } = await sql<{ server: string }>`
    select a.application_name as server
      from pg_locks l join pg_stat_activity a using (pid)
      where l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and l.objid::bigint = (hashtext(${lockNameOf(SPOT_MARKET)})::bigint & 4294967295)`.execute(
    db,
  );
  const owner = await db
    .selectFrom('market_owners')
    .select('epoch')
    .where('market', '=', SPOT_MARKET)
    .executeTakeFirst();
  return { server: rows[0]?.server ?? null, epoch: owner?.epoch ?? null };
}

/**
 * Which server owns each unit of a spread market (units.ts) now, by unit name: the server whose
 * connection holds the unit's lock. A unit nobody holds is missing.
 */
export async function unitOwners(
  db: Database,
  units: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await sql<{ unit: string; server: string }>`
    select u.unit, a.application_name as server
      from unnest(${units}::text[]) as u (unit)
      join pg_locks l on l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and l.objid::bigint = (hashtext('market:' || u.unit)::bigint & 4294967295)
      join pg_stat_activity a on a.pid = l.pid`.execute(db);
  return new Map(rows.map((row) => [row.unit, row.server]));
}

/** Cuts every database connection of the server named `name`, as a network fault would. */
export async function cutConnections(db: Database, name: string): Promise<number> {
  const { rows } = await sql<{ cut: boolean }>`
    select pg_terminate_backend(pid) as cut from pg_stat_activity
      where application_name = ${name} and datname = current_database()`.execute(db);
  return rows.filter((row) => row.cut).length;
}
