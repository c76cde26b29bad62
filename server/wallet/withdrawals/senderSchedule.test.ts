/**
 * The withdrawal sender's schedule on a running server: on the embedded database it sleeps until
 * something is due, so what makes work must wake it; a withdrawal staff approve is sent within
 * seconds, not at the sender's look a minute.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../../test/databases.ts';
import { ok, signUp, testConfig, withdrawingAccount } from '../../../test/serverTesting.ts';
import { until } from '../../../test/supportTesting.ts';
import { createServer } from '../../app.ts';
import type { Database } from '../../storage/db.ts';
import { SENDER_NET_MS } from './senderSchedule.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    const config = testConfig({
      API_RATE_LIMIT: '0',
      DEVNET_BLOCK_SECONDS: '1',
      WITHDRAWAL_SEND_SECONDS: '1',
      // Every withdrawal goes to staff.
      WITHDRAWAL_REVIEW_USD: '0',
    });
    app = await createServer(config, db, { walletTimers: true });
    await app.ready();
  });
  after(() => app.close());

  test('a withdrawal staff approve is sent at once by a server whose sender was idle', async () => {
    const { token, withdrawal } = await withdrawingAccount(
      app,
      db,
      (owner) => `schedule-${process.pid}-${owner}`,
    );
    assert.equal(withdrawal.status, 'awaitingReview');
    const staff = await signUp(app);
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.user.id).execute();
    const reviewed = await ok(
      app,
      'withdrawals.review',
      { id: withdrawal.id, approve: true },
      { token: staff.token },
    );
    assert.equal(reviewed.withdrawal.status, 'requested');
    const status = async () =>
      (await ok(app, 'withdrawals.getMine', {}, { token })).withdrawals.find(
        (w) => w.id === withdrawal.id,
      )?.status;
    await until(
      'the withdrawal sent',
      async () => (await status()) !== 'requested',
      SENDER_NET_MS / 3,
    );
    await until('the withdrawal confirmed', async () => (await status()) === 'confirmed', 30_000);
  });
});
