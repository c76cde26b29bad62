/**
 * `npm start`: builds the site if needed, opens and migrates the database, seeds it, and serves
 * the API and the site until SIGINT or SIGTERM. Start-up problems end with one clear line and
 * exit code 1 rather than a stack trace.
 */
import type { FastifyInstance } from 'fastify';
import { createServer } from './app.ts';
import { type Config, ConfigError, describeDatabase, loadConfig } from './config.ts';
import { ensureSiteBuilt } from './http/siteBuild.ts';
import { type Database, openDatabase } from './storage/db.ts';

const log = (line: string) => console.log(line);

function fail(message: string, error?: unknown): never {
  console.error(message);
  if (error !== undefined && process.env.LOG_LEVEL?.toLowerCase() === 'debug') console.error(error);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

const config = readConfig();
const database = describeDatabase(config);
await ensureSiteBuilt(config.siteDir, log);

let db: Database;
try {
  db = await openDatabase(config);
} catch (error) {
  fail(`Could not open the database (${database}): ${message(error)}`, error);
}

let app: FastifyInstance;
try {
  app = await createServer(config, db, { walletTimers: true });
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  await db.destroy().catch(() => {});
  const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
  fail(
    inUse
      ? `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`
      : `Could not start the server: ${message(error)}`,
    error,
  );
}

const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
log(`Exchange running at http://${shownHost}:${config.port}/`);
log(`Database: ${database}`);
if (config.demo !== null) log(`Demo account: ${config.demo.email} / ${config.demo.password}`);
if (config.staff !== null) log(`Staff account: ${config.staff.email}`);
log(
  config.mail.smtpUrl === null
    ? `Mail: no SMTP_URL, so mails are kept in the local outbox: http://${shownHost}:${config.port}/dev/outbox`
    : `Mail: sent through ${new URL(config.mail.smtpUrl).host}`,
);
if (config.wallet.devnet)
  log('Devnet: on (test coins only; faucet: npm run devnet -- send BTC <address> 0.01)');
for (const [network, node] of Object.entries(config.wallet.evm.nodes)) {
  log(`${network}: on the node at ${new URL(node.rpcUrl).origin}`);
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) {
    log('Forced exit.');
    process.exit(1);
  }
  stopping = true;
  log(`${signal} received: shutting down…`);
  try {
    await app.close();
    await db.destroy();
    process.exit(0);
  } catch (error) {
    fail(`Shutdown failed: ${message(error)}`, error);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
