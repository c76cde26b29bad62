/**
 * A server of a spec's own: the server on a port of its own, so what the spec writes
 * (orders, trades, books) never changes what the other specs see on the shared e2e server. Its
 * database follows the Playwright project: a scratch database on PostgreSQL in the `postgres`
 * project, a fresh PGlite folder otherwise. It can stop and start again on the same database
 * with other settings (a spec that needs the demo account under two names does).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { copyPgliteTemplate, postgresTemplate } from '../migratedTemplates.ts';
import { createScratchDatabase, startPostgres } from '../postgres.ts';
import { TEST_SERVER_ENV } from '../testServerEnv.ts';
import { laneOf, lanePort } from './lanes.ts';

/**
 * How a test server runs: as `npm start` runs it, the server bundled ahead (server/start.mjs,
 * which rebuilds the bundle when a source is newer), not through the TypeScript loader: what
 * ships, and a start costs 2.5 CPU-seconds instead of 4.2 (and half the wait) on this machine.
 */
export const SERVER_START = ['server/start.mjs'];

/** How long a start may take: the first one on a busy machine migrates a fresh database. */
const START_TIMEOUT_MS = 90_000;

/** How long a stop waits for a clean shutdown before killing the process. */
const STOP_TIMEOUT_MS = 20_000;

/** How much of the server's stderr a failed start quotes. */
const STDERR_KEPT = 4_000;

/** What a spec says about its server. */
export interface OwnServerOptions {
  /** The port, as an offset in the project's lane of ports (lanes.ts), above its partner site. */
  portOffset: number;
  /** Names its data folder or database. */
  name: string;
  /** Settings on top of the defaults (on 127.0.0.1, warnings only, no demo market). */
  env?: Record<string, string>;
}

/** A spec's own server. */
export interface OwnServer {
  /** The server's page at `path`, on the project's host name (so codec bodies where due). */
  at(baseURL: string | undefined, path: string): string;
  /** Starts it (again, on the same database) with `env` on top; resolves once it serves pages. */
  start(env?: Record<string, string>): Promise<void>;
  /** Stops the process and waits for it to exit; the database stays. */
  stop(): Promise<void>;
  /** Stops it and drops its database. */
  close(): Promise<void>;
}

/** A spec's own server, not started yet (`start()` inside a hook: it reads the project). */
export function ownServer(options: OwnServerOptions): OwnServer {
  // Read in a hook or a test, where the project is known.
  const port = () => lanePort(laneOf(test.info().project.name), options.portOffset);
  let database: { env: Record<string, string>; drop(): Promise<void> } | null = null;
  let running: ChildProcess | null = null;

  const openDatabase = async () => {
    if (test.info().project.name !== 'postgres') {
      const dataDir = join(mkdtempSync(join(tmpdir(), `exchange-${options.name}-`)), 'db');
      // Migrated already: the server's migration runner finds nothing to do.
      await copyPgliteTemplate(dataDir);
      return { env: { DATA_DIR: dataDir }, drop: async () => {} };
    }
    const cluster = await startPostgres();
    if (cluster === null) throw new Error('PostgreSQL is not available.');
    const scratch = await createScratchDatabase(
      cluster.url,
      `exchange_${options.name}_e2e`,
      await postgresTemplate(cluster.url),
    );
    return {
      env: { DATABASE_URL: scratch.url },
      drop: async () => {
        await scratch.drop();
        await cluster.stop();
      },
    };
  };

  const stop = async () => {
    const child = running;
    running = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killer);
  };

  return {
    at(baseURL, path) {
      return `http://${new URL(baseURL ?? 'http://localhost').hostname}:${port()}${path}`;
    },
    async start(env = {}) {
      await stop();
      database ??= await openDatabase();
      const child = spawn(process.execPath, SERVER_START, {
        cwd: join(import.meta.dirname, '..', '..'),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          ...TEST_SERVER_ENV,
          HOST: '127.0.0.1',
          PORT: String(port()),
          LOG_LEVEL: 'warn',
          // No market maker: the books and trades are the spec's own, as it left them.
          DEMO_MARKET: 'off',
          ...options.env,
          ...database.env,
          ...env,
        },
      });
      running = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
      });
      const deadline = Date.now() + START_TIMEOUT_MS;
      const listening = port();
      while (!(await serves(listening))) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`The ${options.name} server exited while starting:\n${stderr}`);
        }
        if (Date.now() > deadline) {
          throw new Error(`The ${options.name} server did not start in time:\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    stop,
    async close() {
      await stop();
      await database?.drop();
      database = null;
    },
  };
}

/** A spec's own server, started before its first test and closed after its last. */
export function serverOfItsOwn(options: OwnServerOptions): OwnServer {
  const server = ownServer(options);
  test.beforeAll(async () => {
    test.info().setTimeout(START_TIMEOUT_MS + 30_000);
    await server.start();
  });
  test.afterAll(() => server.close());
  return server;
}

async function serves(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/`)).status === 200;
  } catch {
    return false;
  }
}
