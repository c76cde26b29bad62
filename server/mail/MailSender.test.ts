import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type FreshDatabase, freshPglite } from '../../test/databases.ts';
import type { Database } from '../storage/db.ts';
import { MailSender, retryDelayMs } from './MailSender.ts';
import { type OutgoingMail, queueMail } from './outgoing.ts';

let fresh: FreshDatabase;
let db: Database;
before(async () => {
  fresh = await freshPglite();
  db = fresh.db;
});
after(() => fresh.close());

const quiet = { warn() {}, error() {} } as never;

test('a failed delivery is tried again after its backoff, with the same Message-ID', async () => {
  const attempts: OutgoingMail[] = [];
  let refuse = true;
  const sender = new MailSender(
    db,
    async (mail) => {
      attempts.push(mail);
      if (refuse) throw new Error('421 try later');
    },
    quiet,
  );
  await queueMail(
    db,
    { to: 'ada@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' },
    null,
  );
  const start = Date.now();
  assert.equal(await sender.sendDue(() => new Date(start)), 0);
  // Not due again before its backoff.
  assert.equal(await sender.sendDue(() => new Date(start + retryDelayMs(1) - 1000)), 0);
  assert.equal(attempts.length, 1);
  refuse = false;
  assert.equal(await sender.sendDue(() => new Date(start + retryDelayMs(1) + 1000)), 1);
  assert.equal(attempts.length, 2);
  assert.equal(attempts[0]?.messageId, attempts[1]?.messageId);
  assert.match(attempts[0]?.messageId ?? '', /^<[\w-]+@localhost>$/);
  const row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
  assert.equal(row.attempts, 2);
  assert.ok(row.sent_at !== null);
  // Sent once: nothing more goes out.
  assert.equal(await sender.sendDue(() => new Date(start + 10 * 60 * 60_000)), 0);
});

test('the backoff doubles from 30 s and stops growing at an hour', () => {
  assert.deepEqual([1, 2, 3, 4].map(retryDelayMs), [30_000, 60_000, 120_000, 240_000]);
  assert.equal(retryDelayMs(30), 60 * 60_000);
});
