/**
 * The sender is woken when a mail is queued, not by polling (it looks on its own only once a
 * minute): a mail queued in a transaction goes out as soon as it commits, on PGlite and on
 * PostgreSQL; on PostgreSQL a mail written by another server (here: a plain insert, which tells
 * this process nothing) goes out too, woken by the NOTIFY its commit sends.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../test/databases.ts';
import { testConfig } from '../../test/serverTesting.ts';
import { until } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { MAIL_SAFETY_POLL_MS } from './MailSender.ts';
import { queueMail } from './outgoing.ts';

/** Well inside the sender's own minute: a mail out by then was woken, not polled. */
const WOKEN_WITHIN_MS = 10_000;

forEachDatabase((open, driver) => {
  let db: Database;
  let app: FastifyInstance;

  const sent = async (subject: string) =>
    (
      await db
        .selectFrom('mail_outbox')
        .select('sent_at')
        .where('subject', '=', subject)
        .executeTakeFirst()
    )?.sent_at != null;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    await app.ready();
    // The sender's first sweep (its lease, then its look for retries) started as the server
    // became ready; on PGlite's one connection these two reads come after both, so the mails
    // below are queued once it is over and only a wake can send them.
    for (let read = 0; read < 2; read += 1) await sent('nothing');
  });
  after(() => app.close());

  test('a mail queued in a transaction goes out once it commits', async () => {
    assert.ok(WOKEN_WITHIN_MS < MAIL_SAFETY_POLL_MS);
    const subject = `Woken ${driver}`;
    await db.transaction().execute(async (trx) => {
      await queueMail(trx, { to: 'ada@example.com', subject, text: 'Hi', html: '<p>Hi</p>' }, null);
      // Still uncommitted: a sender that looked now would find nothing to send.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await until('the mail sent', () => sent(subject), WOKEN_WITHIN_MS);
  });

  if (driver === 'postgres') {
    test("another server's queued mail wakes this sender through NOTIFY", async () => {
      const subject = 'Queued elsewhere';
      await db
        .insertInto('mail_outbox')
        .values({
          message_id: '<elsewhere@localhost>',
          to_address: 'bob@example.com',
          subject,
          text_body: 'Hi',
          html_body: '<p>Hi</p>',
        })
        .execute();
      await until('the mail sent', () => sent(subject), WOKEN_WITHIN_MS);
    });
  }
});
