/**
 * The server in a process of its own (test/spot/server.ts), so that a test can kill it with
 * SIGKILL mid-write and a bench can load it from another process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { REPO_ROOT } from '../../server/http/siteBuild.ts';
import { type Database, openDatabase } from '../../server/storage/db.ts';
import { TEST_SERVER_ENV } from '../testServerEnv.ts';

/** Where the server keeps its data: an embedded database folder or a PostgreSQL URL. */
export type DatabasePlace = { dataDir: string } | { url: string };

/** A running server process. */
export interface ServerProcess {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** Its process id (a bench reads its CPU time). */
  pid: number;
  /** Milliseconds from spawning to serving: start-up, migrations and rebuilding the books. */
  startMs: number;
  /** SIGKILL: no shutdown code runs; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean shutdown; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * The environment of a quiet server on the given database, with no rate limit on the API and
 * the devnet off (no blocks) unless `env`, applied over these, turns it on.
 */
export function serverEnv(
  place: DatabasePlace,
  env: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'off',
    API_RATE_LIMIT: '0',
    PORT: '0',
    SITE_DIR: '/nonexistent/site',
    DEVNET: 'off',
    ...TEST_SERVER_ENV,
    ...env,
    ...('url' in place ? { DATABASE_URL: place.url } : { DATA_DIR: place.dataDir }),
  };
}

/** How long a start may take before it counts as failed (PGlite start-up is seconds). */
const START_LIMIT_MS = 120_000;

/**
 * Spawns the server (`env` as in serverEnv) and resolves once it prints its URL; `nodeArgs` go
 * before the script (`--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServerProcess(
  place: DatabasePlace,
  env: Readonly<Record<string, string>> = {},
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const started = performance.now();
  const { DATABASE_URL: _unused, ...parentEnv } = process.env;
  const script = join('test', 'spot', 'server.ts');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...parentEnv, ...serverEnv(place, env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await listeningUrl(child);
  const startMs = performance.now() - started;
  const ended = once(child, 'exit');
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      // A server a hang test stopped (SIGSTOP) acts on SIGTERM only once it runs again.
      if (signal !== 'SIGKILL') child.kill('SIGCONT');
    }
    await ended;
  };
  return {
    url,
    pid: child.pid ?? 0,
    startMs,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_LIMIT_MS} ms:\n${output}`));
    }, START_LIMIT_MS);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /^listening (\S+)$/m.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      // The listener stays: the pipe keeps draining whatever the server prints later.
      resolve(match[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before serving:\n${output}`));
    });
  });
}

/** Opens the database from this process (the server is down), runs `use`, closes it. */
export async function withDatabase<T>(
  place: DatabasePlace,
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(
    'url' in place
      ? { databaseUrl: place.url, dataDir: ':memory:' }
      : { databaseUrl: null, dataDir: place.dataDir },
  );
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}
