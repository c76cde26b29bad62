import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../test/databases.ts';
import { ok, signUp, testConfig, withdrawingAccount } from '../../test/serverTesting.ts';
import { until } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    const config = testConfig({
      API_RATE_LIMIT: '0',
      DEVNET_BLOCK_SECONDS: '1',
      WITHDRAWAL_SEND_SECONDS: '1',
    });
    app = await createServer(config, db, { walletTimers: true });
    await app.ready();
  });
  after(() => app.close());

  test('a server with its wallet timers on sends and settles a withdrawal by itself', async () => {
    const { token, withdrawal } = await withdrawingAccount(
      app,
      db,
      (owner) => `timers-${process.pid}-${owner}`,
    );
    assert.equal(withdrawal.status, 'requested');
    const status = async () =>
      (await ok(app, 'withdrawals.getMine', {}, { token })).withdrawals.find(
        (w) => w.id === withdrawal.id,
      )?.status;
    // Sent by the sender's timer, then confirmed as the devnet's timer makes blocks.
    await until('the withdrawal confirmed', async () => (await status()) === 'confirmed', 30_000);
  });

  test("a faucet deposit is credited within seconds, though the devnet's clock sleeps when idle", async () => {
    const { token } = await signUp(app);
    // Long enough for every chain to stand still (PGlite: the clock then sleeps up to a minute).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await ok(app, 'deposits.faucet', { asset: 'BTC', network: 'BTC', amount: '0.005' }, { token });
    const credited = async () =>
      (await ok(app, 'deposits.getMine', {}, { token })).deposits[0]?.status === 'credited';
    await until('the deposit credited', credited, 20_000);
  });
});
