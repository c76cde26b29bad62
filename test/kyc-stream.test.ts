/**
 * A staff decision on a verification reaches the account's open pages at once: the account's
 * private stream carries it, and nobody else's does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { openAccountStream } from './accountStream.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { ok, signUp, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

describe('verification decisions on the private stream', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  let staffToken: string;

  before(async () => {
    fresh = await freshPglite();
    db = fresh.db;
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const staff = await signUp(app);
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staff.user.id).execute();
    staffToken = staff.token;
  });
  after(async () => {
    await app.close();
    await fresh.close();
  });

  /** An account whose application waits for review (as kyc.submit leaves it). */
  async function pendingAccount() {
    const account = await signUp(app);
    await db
      .insertInto('kyc_applications')
      .values({ user_id: account.user.id, status: 'pending', submitted_at: new Date() })
      .execute();
    await db
      .updateTable('users')
      .set({ kyc_status: 1 })
      .where('id', '=', account.user.id)
      .execute();
    return account;
  }

  const decisions = (stream: { messages: { type: string }[] }) =>
    stream.messages.filter((message) => message.type === 'verification');

  it('tells the account of an approval, and no other account', async () => {
    const applicant = await pendingAccount();
    const bystander = await pendingAccount();
    const mine = await openAccountStream(app, base, applicant.token);
    const theirs = await openAccountStream(app, base, bystander.token);

    await ok(app, 'kyc.approve', { userId: applicant.user.id }, { token: staffToken });
    await waitFor('the decision on the stream', () => decisions(mine).length === 1);
    assert.deepEqual(decisions(mine), [{ v: 1, type: 'verification', status: 'approved' }]);
    const { user } = await ok(app, 'users.getInfo', {}, { token: applicant.token });
    assert.equal(user.isVerified, true);

    // The bystander's own decision arrives after the applicant's: had the applicant's reached the
    // bystander's stream, it would be there first.
    await ok(
      app,
      'kyc.reject',
      { userId: bystander.user.id, reason: 'The photo of the document is blurred.' },
      { token: staffToken },
    );
    await waitFor('the bystander’s decision', () => decisions(theirs).length > 0);
    assert.deepEqual(decisions(theirs), [{ v: 1, type: 'verification', status: 'rejected' }]);
    mine.close();
    theirs.close();
  });
});
