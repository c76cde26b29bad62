/**
 * Servers in this test process on one scratch PostgreSQL database, each with a pool of its own:
 * how the tests of several servers start them when they need no separate processes (the cluster
 * test's real processes are in servers.ts). Started one after the other, the first takes the
 * spot market and the others follow.
 */
import type { FastifyInstance } from 'fastify';
import { createServer, type ServerOptions } from '../../server/app.ts';
import { type Database, openDatabase } from '../../server/storage/db.ts';
import { scratchPostgres } from '../databases.ts';
import type { ScratchDatabase } from '../postgres.ts';
import { testConfig } from '../serverTesting.ts';
import { evictions } from './servers.ts';

/** One server of the set: its app, its own database handle, and its address when it listens. */
export interface InProcessServer {
  app: FastifyInstance;
  db: Database;
  base: string;
}

/** How to start one server. */
export interface StartOptions {
  /** Its connections' application name, so PostgreSQL tells whose a lock or a session is. */
  name?: string;
  /** Settings over the tests' own (the API's rate limit is off). */
  env?: Record<string, string>;
  /** Server options (a test's own event bus). */
  options?: ServerOptions;
  /** Listen on a port of its own, for sockets and real HTTP (base is '' otherwise). */
  listen?: boolean;
}

/** See the file comment. */
export class InProcessServers {
  readonly servers: InProcessServer[] = [];

  private constructor(private readonly scratch: ScratchDatabase) {}

  /** A fresh scratch database, with no server yet. */
  static async create(): Promise<InProcessServers> {
    return new InProcessServers(await scratchPostgres());
  }

  /** The scratch database's URL. */
  get url(): string {
    return this.scratch.url;
  }

  /** Starts one more server on the database. */
  async start({ name, env = {}, options = {}, listen = false }: StartOptions = {}) {
    const url = name === undefined ? this.url : `${this.url}?application_name=${name}`;
    const db = await openDatabase({ databaseUrl: url, dataDir: ':memory:' });
    const app = await createServer(testConfig({ API_RATE_LIMIT: '0', ...env }), db, options).catch(
      async (error: unknown) => {
        await db.destroy();
        throw error;
      },
    );
    const base = listen ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
    const server = { app, db, base };
    this.servers.push(server);
    return server;
  }

  /**
   * Closes every server, then drops the database; prints how many times a server was ended for
   * its silence (as servers.ts's Cluster does).
   */
  async stop(): Promise<void> {
    const ended = await evictions(this.url).catch(() => null);
    for (const { app } of this.servers) await app.close().catch(() => {});
    for (const { db } of this.servers) await db.destroy();
    this.servers.length = 0;
    await this.scratch.drop();
    if (ended !== null) console.log(`cluster evictions: ${ended} (servers ended for silence)`);
  }
}
