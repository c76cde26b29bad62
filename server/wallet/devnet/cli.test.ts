import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type FreshDatabase, freshPglite } from '../../../test/databases.ts';
import { testConfig } from '../../../test/serverTesting.ts';
import { createServer } from '../../app.ts';
import type { Database } from '../../storage/db.ts';

const run = promisify(execFile);
const CLI = new URL('./cli.ts', import.meta.url).pathname;

let fresh: FreshDatabase;
let db: Database;
let app: FastifyInstance;
let server: string;

before(async () => {
  fresh = await freshPglite();
  db = fresh.db;
  app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  server = await app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => {
  await app.close();
  await fresh.close();
});

/** Runs `npm run devnet -- <args>` against the test's server: exit code and output. */
async function devnet(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run('node', ['--import', 'tsx', CLI, ...args, '--server', server]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

test('send puts test coins on the devnet and says they are test funds', async () => {
  const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
  const { code, out } = await devnet('send', 'btc', address, '0.005');
  assert.equal(code, 0, out);
  assert.match(out, /^Sent 0\.005 BTC in devnet test funds on Bitcoin: they are not real BTC/);
  const txHash = /Transaction: ([0-9a-f]{64})/.exec(out)?.[1] ?? 'none printed';
  const sent = await db
    .selectFrom('devnet_transactions')
    .select(['network', 'asset', 'to_address', 'amount_units'])
    .where('tx_hash', '=', txHash)
    .execute();
  assert.deepEqual(sent, [
    { network: 'BTC', asset: 'BTC', to_address: address, amount_units: '500000' },
  ]);
});

test('a refusal is printed with exit code 1, bad usage with 2', async () => {
  const refused = await devnet('send', 'ETH', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', '0.1');
  assert.equal(refused.code, 1);
  assert.match(refused.out, /This is a Bitcoin address, not an Ethereum \(ERC-20\) one/);
  const usage = await devnet('send', 'BTC');
  assert.equal(usage.code, 2);
  assert.match(usage.out, /^Usage: npm run devnet -- send <ASSET> <address> <amount>/);
});
