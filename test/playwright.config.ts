/**
 * End-to-end flows against the real server serving the built site, in real Chromium. Every flow
 * runs once through `127.0.0.1`, whose pages send codec bodies as production's do, on PGlite.
 * The flows that move or show money (tagged MONEY) run there on PostgreSQL instead, the database
 * production uses, and again through `localhost` (plain JSON bodies) on PGlite: so each money flow
 * meets both databases and both bodies, and the rest, whose SQL both databases answer alike,
 * runs once (as the unit tests do: test/databases.ts). Without PostgreSQL the money flows run
 * through `127.0.0.1` on PGlite instead (said so at start), except on CI, where the run fails.
 *
 * Each project has its own lane of ports (lanes.ts) with a shared server of its own, so no spec
 * sees what another project wrote, and the projects could run side by side (one worker each:
 * within a project the specs run one after another, as they expect). On two cores they do not:
 * measured on a quiet machine, two workers took as long as one (load average 17, each test twice
 * as slow) and password hashing at sign-up outgrew the assertions' waits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { LANES, type Lane, lanePort, partnerOrigin } from './e2e/lanes.ts';
import { SERVER_START } from './e2e/ownServer.ts';
import { MONEY } from './e2e/shellHelpers.ts';
import { POSTGRES_MISSING_ON_CI, postgresAvailable, postgresRequired } from './postgres.ts';
import { TEST_SERVER_ENV } from './testServerEnv.ts';

const executablePath = process.env.CHROME_PATH ?? findChromium() ?? undefined;

const withPostgres = postgresAvailable();
if (!withPostgres && postgresRequired()) throw new Error(POSTGRES_MISSING_ON_CI);
// The config is loaded again in every worker: say it once, in the runner.
if (!withPostgres && !process.env.TEST_WORKER_INDEX) {
  console.log(`PostgreSQL not found: the ${MONEY} specs run on PGlite only.`);
}

const freshDataDir = () => join(mkdtempSync(join(tmpdir(), 'exchange-e2e-')), 'db');

/** What both servers share: the accounts, vendor URLs and partner origin the specs expect. */
const serverEnv = {
  ...TEST_SERVER_ENV,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Books and trades only the specs make, so what they assert stays as they left it.
  DEMO_MARKET: 'off',
  // Every person of every spec in a lane comes from 127.0.0.1: one address for all of them, where
  // the limit is meant for one visitor's (it has tests of its own, server/http/api.test.ts).
  API_RATE_LIMIT: '6000',
  // Snapshots of reserves only when staff ask: the reserves spec's snapshot stays the latest.
  RESERVES_SNAPSHOT_HOURS: '0',
  // The shell specs sign in as staff and check the pixel against this (intercepted) vendor URL.
  STAFF_EMAIL: 'staff@example.com',
  STAFF_PASSWORD: 'staff-password-1',
  PIXEL_URL: 'https://pixel.example.com/px',
  SOCIAL_TELEGRAM: 'https://t.me/exchange_example',
  // The widget specs serve a third-party partner site from their lane's origin.
  ALLOWED_ORIGINS: (Object.keys(LANES) as Lane[]).map(partnerOrigin).join(','),
};

/**
 * The shared server of a lane on PGlite, in a fresh data folder copied from the migrated one: the
 * copy made, the shell gives way to the server as `npm start` runs it (ownServer.ts says why).
 */
const pgliteServer = (lane: Lane, dataDir = freshDataDir()) => ({
  command: `node --import tsx test/e2e/pgliteDataDir.ts && exec node ${SERVER_START.join(' ')}`,
  cwd: '..',
  url: `http://127.0.0.1:${lanePort(lane)}/`,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { ...serverEnv, PORT: String(lanePort(lane)), DATA_DIR: dataDir },
});

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // Limits far above what a flow takes on a busy machine (Playwright's own are 30 s a test and 5 s
  // an assertion): a wait ends as soon as what it waits for shows, so a long limit costs nothing
  // when the flow passes and only bounds a hang; a short one failed flows at load average 25.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: '../test-results',
  use: {
    launchOptions: { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) },
    // Recording a trace for every flow cost a quarter of the lane's CPU (63 against 88 CPU-seconds
    // for the shell and support specs): E2E_TRACE=retain-on-failure records them when debugging.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
  },
  projects: [
    // Plain JSON bodies, for the money flows.
    {
      name: 'localhost',
      workers: 1,
      use: { baseURL: `http://localhost:${lanePort('localhost')}` },
      grep: new RegExp(MONEY),
    },
    // Codec bodies; the money flows take them to PostgreSQL when it is there.
    {
      name: '127.0.0.1',
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${lanePort('127.0.0.1')}` },
      ...(withPostgres ? { grepInvert: new RegExp(MONEY) } : {}),
    },
    ...(withPostgres
      ? [
          {
            name: 'postgres',
            workers: 1,
            use: { baseURL: `http://127.0.0.1:${lanePort('postgres')}` },
            grep: new RegExp(MONEY),
          },
        ]
      : []),
  ],
  // Started one after the other, so only the first builds the site when it is stale.
  webServer: [
    pgliteServer('localhost', process.env.E2E_DATA_DIR),
    pgliteServer('127.0.0.1'),
    ...(withPostgres
      ? [
          {
            // A fresh database on TEST_DATABASE_URL's server, or on a cluster of its own.
            command: 'node --import tsx test/e2e/postgresWebServer.ts',
            cwd: '..',
            // Ready when the server says it is on PostgreSQL, so it can never pass on PGlite.
            wait: { stdout: /^Database: PostgreSQL at /m },
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            // SIGTERM lets it drop its database and stop its cluster.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            env: { ...serverEnv, PORT: String(lanePort('postgres')), DATA_DIR: freshDataDir() },
          },
        ]
      : []),
  ],
});
