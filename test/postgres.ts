/**
 * A throw-away PostgreSQL server for tests: TEST_DATABASE_URL when set (the test runner starts
 * one for the whole run), otherwise a fresh cluster from the installed binaries in a temp folder.
 * PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` user.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A running server: a connection URL for its `postgres` database, and how to stop it. */
export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

/** The folder holding initdb and pg_ctl (PATH first, then /usr/lib/postgresql/<newest>/bin), or null. */
export function findPostgresBinaries(): string | null {
  const candidates = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  } catch {
    // No Debian-style install: PATH is all there is.
  }
  return (
    candidates.find(
      (dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl')),
    ) ?? null
  );
}

/** True when a PostgreSQL server can be had: TEST_DATABASE_URL is set or binaries exist. */
export function postgresAvailable(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL) || findPostgresBinaries() !== null;
}

/**
 * True on CI (`CI` set to anything but `false` or `0`, as CI services do): there a missing
 * PostgreSQL fails the run, since a green run must mean the PostgreSQL half ran too.
 */
export function postgresRequired(): boolean {
  const ci = (process.env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0';
}

/** Why a run without PostgreSQL fails on CI, and how to fix it. */
export const POSTGRES_MISSING_ON_CI =
  'PostgreSQL is required on CI (CI is set), but TEST_DATABASE_URL is unset and no initdb/pg_ctl ' +
  'binaries were found on PATH or under /usr/lib/postgresql: install PostgreSQL or set TEST_DATABASE_URL.';

/** Starts (or reuses, via TEST_DATABASE_URL) a server; null when no binaries are installed. */
export async function startPostgres(): Promise<PostgresServer | null> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: async () => {} };
  const bin = findPostgresBinaries();
  if (bin === null) return null;

  const dir = await mkdtemp(join(tmpdir(), 'exchange-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];

  const stopSync = () => {
    const [file, args] = command('pg_ctl', ['-D', data, 'stop', '-m', 'immediate']);
    spawnSync(file, args, { stdio: 'ignore' });
  };
  let stopped = false;
  // A crashed test process must not leave a server running.
  process.once('exit', () => {
    if (!stopped) stopSync();
  });

  try {
    await run(
      ...command('initdb', [
        '-D',
        data,
        '-A',
        'trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--no-sync',
      ]),
    );
    const port = await freePort();
    // Durability is pointless for a throw-away cluster; these make tests several times faster.
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    await run(...command('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', 'start']));
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await run(...command('pg_ctl', ['-D', data, 'stop', '-m', 'immediate'])).catch(() => {});
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    stopped = true;
    stopSync();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Could not start PostgreSQL from ${bin}: ${String(error)}\n${log}`, {
      cause: error,
    });
  }
}

/** A database of its own on a shared server: its URL, and how to drop it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database on the server at `serverUrl`: empty, or a copy of the
 * database named `template` (see migratedTemplates.ts).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(
    serverUrl,
    `create database ${name}${template === undefined ? '' : ` template ${template}`}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A TCP port nobody listens on right now, from the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL server of a test script (run.ts, faults.ts), said out loud; null without one.
 * A server that is installed but does not start, or a missing one on CI, goes to `fail`.
 */
export async function postgresForScript(
  fail: (name: string, why: string) => void,
): Promise<PostgresServer | null> {
  let postgres: PostgresServer | null = null;
  try {
    postgres = await startPostgres();
  } catch (error) {
    // Installed but not starting is a broken machine, not a missing database: say so and go on.
    fail('PostgreSQL start', `✗ ${String(error)}`);
  }
  if (postgres) {
    console.log(`PostgreSQL for the server tests: ${postgres.url.replace(/\/\/.*@/, '//')}`);
  } else if (postgresRequired()) {
    fail('PostgreSQL on CI', `✗ ${POSTGRES_MISSING_ON_CI}`);
  } else {
    console.log(
      'PostgreSQL binaries not found: the server tests skip their PostgreSQL half, and the @money end-to-end specs run on PGlite only.',
    );
  }
  return postgres;
}
