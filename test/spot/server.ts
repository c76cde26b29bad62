/**
 * The server as `npm start` runs it, minus the site build: the fault test kills this process with
 * SIGKILL and the placement bench loads it, each from another process. Configured by the
 * environment like `npm start`; prints `listening <url>` once it serves.
 */
import { createServer, loadConfig, openDatabase } from '../../server/index.ts';

const config = loadConfig(process.env);
const db = await openDatabase(config);
const app = await createServer(config, db);
const address = await app.listen({ host: '127.0.0.1', port: config.port });
console.log(`listening ${address}`);

const stop = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
