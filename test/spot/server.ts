/**
 * The server as `npm start` runs it, minus the site build: the fault tests kill this process with
 * SIGKILL and the benches load it, each from another process. Configured by the environment like
 * `npm start` (with the devnet on, it makes a block every DEVNET_BLOCK_SECONDS and sends withdrawals every
 * WITHDRAWAL_SEND_SECONDS); prints
 * `listening <url>` once it serves.
 */
import { createServer, loadConfig, openDatabase } from '../../server/index.ts';

const config = loadConfig(process.env);
const db = await openDatabase(config);
const app = await createServer(config, db, { walletTimers: true });
const address = await app.listen({ host: '127.0.0.1', port: config.port });
console.log(`listening ${address}`);

const stop = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
