/**
 * The end-to-end server on PostgreSQL (the `postgres` project of playwright.config.ts): a fresh,
 * migrated database on TEST_DATABASE_URL's server, or on a throw-away cluster started here, then
 * the server (as `npm start` runs it: ownServer.ts) with DATABASE_URL pointing at it. Stopped with SIGTERM or SIGINT, it drops the
 * database and stops the cluster it started once the server has exited.
 */
import { spawn } from 'node:child_process';
import { postgresTemplate } from '../migratedTemplates.ts';
import { createScratchDatabase, POSTGRES_MISSING_ON_CI, startPostgres } from '../postgres.ts';
import { SERVER_START } from './ownServer.ts';

const cluster = await startPostgres();
if (cluster === null) {
  console.error(POSTGRES_MISSING_ON_CI);
  process.exit(1);
}
// A copy of the migrated template: the server's migration runner then finds nothing to do.
const database = await createScratchDatabase(
  cluster.url,
  'exchange_e2e',
  await postgresTemplate(cluster.url),
);

const server = spawn(process.execPath, SERVER_START, {
  env: { ...process.env, DATABASE_URL: database.url },
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A signal to the whole process group (Playwright's shutdown, Ctrl-C) reaches the server too,
    // and a second one would make it skip its clean shutdown: pass it on only if it is still up.
    setTimeout(() => server.kill(signal), 2000).unref();
  });
}

server.on('exit', async (code, signal) => {
  await database.drop().catch((error: unknown) => console.error(`Dropping the database: ${error}`));
  await cluster.stop();
  process.exit(code ?? (signal === null ? 0 : 1));
});
