/**
 * What a route change costs the server: `users.getInfo` for a signed-in user (the site calls it
 * on every route change) against the static home page, in the same run on the same server, on
 * each database. The server is `npm start` in a process of its own (demo market off, no API rate
 * limit: the load comes from one address), loaded by autocannon with 10 connections.
 * `node --import tsx bench/routeChange.ts [seconds] [root] [--write]` prints the table (and with
 * `--write` puts it in docs/measurements.md); `root` runs the
 * server of another checkout (to measure a version before a change).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_PATH } from '../core/protocol/index.ts';
import { REPO_ROOT } from '../server/http/siteBuild.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import type { DatabasePlace } from '../test/spot/serverProcess.ts';
import { signUpOver } from './http.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { processesOf } from './placement.ts';
import { sampleCpu } from './processCpu.ts';
import { startServerChild } from './serverChild.ts';

/** One database's run. */
export interface RouteChangeFigures {
  database: 'PGlite' | 'PostgreSQL';
  staticPerSecond: number;
  getInfoPerSecond: number;
  /** getInfo's p99 latency, in ms. */
  getInfoP99Ms: number;
  /** The server's CPU per request, in µs (every thread of its process, read from /proc). */
  serverCpuUs: { home: number; getInfo: number };
  /** PostgreSQL's CPU per getInfo, in µs (its sessions of the bench database); 0 on PGlite. */
  databaseCpuUs: number;
  /** The 1-minute load average as the run began. */
  load: number;
}

/** The share of the static page's rate getInfo must reach on each database. */
export const GOALS = { PGlite: 0.25, PostgreSQL: 0.5 } as const;

// API_RATE_LIMIT=n in the bench's environment measures with the address's API limit on (n a
// minute, far above the run's calls: it is the counting that is measured, not refusals), and
// DEMO_MARKET=on with the demo market trading (the database written to all along).
const SETTINGS = {
  DEMO_MARKET: process.env.DEMO_MARKET ?? 'off',
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
};

/** Runs both databases, or the one named `only`; PostgreSQL is left out when none can be started. */
export async function benchRouteChange(
  seconds = 10,
  root = REPO_ROOT,
  nodeArgs: readonly string[] = [],
  only: RouteChangeFigures['database'] | undefined = undefined,
) {
  const figures: RouteChangeFigures[] = [];
  if (only !== 'PostgreSQL') {
    const dataDir = mkdtempSync(join(tmpdir(), 'exchange-route-'));
    try {
      const place = { dataDir: join(dataDir, 'db') };
      figures.push(await measure('PGlite', place, seconds, root, nodeArgs));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'PGlite') return figures;
  const postgres = await startPostgres();
  if (postgres === null) return figures;
  const scratch = await createScratchDatabase(postgres.url, 'exchange_route');
  try {
    figures.push(await measure('PostgreSQL', { url: scratch.url }, seconds, root, nodeArgs));
  } finally {
    await scratch.drop();
    await postgres.stop();
  }
  return figures;
}

async function measure(
  database: RouteChangeFigures['database'],
  place: DatabasePlace,
  seconds: number,
  root: string,
  nodeArgs: readonly string[],
): Promise<RouteChangeFigures> {
  const env = 'url' in place ? { DATABASE_URL: place.url } : { DATA_DIR: place.dataDir };
  const server = await startServerChild({ ...SETTINGS, ...env }, root, nodeArgs);
  try {
    const api = `${server.base}${API_PATH}`;
    // A getInfo that is not signed in would measure something else.
    const token = await signUpOver(api, 'route');
    const body = JSON.stringify({ method: 'users.getInfo', token, subId: '' });
    const load = loadavg()[0] ?? 0;
    const cpu = (group: string, used: Record<string, number>, requests: number) =>
      ((used[group] ?? 0) * 1e6) / Math.max(requests, 1);
    const homeCpu = sampleCpu(processesOf(server.pid, place));
    const home = await autocannon({ url: `${server.base}/`, connections: 10, duration: seconds });
    const homeUsed = homeCpu.stop();
    const infoCpu = sampleCpu(processesOf(server.pid, place));
    const info = await autocannon({
      url: api,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      connections: 10,
      duration: seconds,
    });
    const infoUsed = infoCpu.stop();
    for (const [name, result] of [
      ['home page', home],
      ['getInfo', info],
    ] as const) {
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: requests failed`);
    }
    return {
      database,
      staticPerSecond: home.requests.average,
      getInfoPerSecond: info.requests.average,
      getInfoP99Ms: info.latency.p99,
      serverCpuUs: {
        home: cpu('server', homeUsed, home.requests.total),
        getInfo: cpu('server', infoUsed, info.requests.total),
      },
      databaseCpuUs: cpu('database', infoUsed, info.requests.total),
      load,
    };
  } finally {
    await server.stop();
  }
}

/** The measurements table. */
export function routeChangeTable(
  figures: readonly RouteChangeFigures[],
  seconds: number,
  machine: string,
): string {
  const rate = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    '`users.getInfo` for a signed-in user against the static home page (`GET /`), on one server',
    `(\`npm start\` in its own process, demo market off), autocannon with 10 connections for`,
    `${seconds} s each, one after the other in the same run (${machine}). CPU per request is read`,
    "from /proc: the server process (every thread), and PostgreSQL's sessions of the bench database.",
    '',
    '| database | home page, requests/s | getInfo, requests/s | getInfo p99 | getInfo / home page | goal | server CPU per home page | server CPU per getInfo | PostgreSQL CPU per getInfo | 1-minute load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map((run) => {
      const share = run.getInfoPerSecond / run.staticPerSecond;
      const goal = GOALS[run.database];
      const us = (value: number) => `${Math.round(value)} µs`;
      const database = run.databaseCpuUs > 0 ? us(run.databaseCpuUs) : '—';
      return `| ${run.database} | ${rate(run.staticPerSecond)} | ${rate(run.getInfoPerSecond)} | ${run.getInfoP99Ms} ms | ${(share * 100).toFixed(1)} % | ${goal * 100} %: ${share >= goal ? 'met' : 'not met'} | ${us(run.serverCpuUs.home)} | ${us(run.serverCpuUs.getInfo)} | ${database} | ${run.load.toFixed(1)} |`;
    }),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  // `--write` puts the table in docs/measurements.md, as `npm run bench` does.
  const write = process.argv.includes('--write');
  const [secondsArg, rootArg] = process.argv.slice(2).filter((arg) => arg !== '--write');
  const seconds = Number(secondsArg ?? 10);
  const root = rootArg === undefined ? REPO_ROOT : resolve(rootArg);
  // PROFILE_DIR=folder writes a CPU profile of each server (node --cpu-prof) there.
  const profile = process.env.PROFILE_DIR;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : [];
  // DATABASE=PostgreSQL (or PGlite) runs one database only.
  const only = process.env.DATABASE as RouteChangeFigures['database'] | undefined;
  const figures = await benchRouteChange(seconds, root, nodeArgs, only);
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  const table = routeChangeTable(figures, seconds, write ? machine : 'this machine');
  console.log(table);
  if (write) writeMeasurements('routechange', table);
}
