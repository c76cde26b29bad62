/**
 * The mail queue survives `kill -9`: a mail in the queue, unsent, when the server is killed with
 * SIGKILL goes out once after the restart, keeping the Message-ID it was queued with. The sender
 * is woken as a mail is queued, so a mail queued by the server itself leaves at once; this one is
 * queued into the killed server's database, as a transaction that committed just before the kill
 * leaves it. On PGlite and on PostgreSQL, through a real SMTP server.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queueMail } from '../server/mail/outgoing.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import { startMailbox } from './mailbox.ts';
import { scratchDataDir } from './spot/faults.ts';
import {
  type DatabasePlace,
  type ServerProcess,
  startServerProcess,
} from './spot/serverProcess.ts';
import { waitFor } from './waitFor.ts';

const QUEUED_SUBJECT = 'Queued before the kill';

async function api(server: ServerProcess, method: string, params: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ method, token: '', subId: '', ...params }),
  });
  const body = (await response.json()) as { status: boolean; error_msg?: string };
  assert.equal(body.status, true, `${method}: ${body.error_msg}`);
}

function open(place: DatabasePlace): Promise<Database> {
  return 'url' in place
    ? openDatabase({ databaseUrl: place.url, dataDir: '' })
    : openDatabase({ databaseUrl: null, dataDir: place.dataDir });
}

forEachDatabase((_open, driver) => {
  test('a mail unsent when the server is killed goes out once after the restart', async () => {
    const scratch = driver === 'pglite' ? scratchDataDir() : null;
    const postgres = driver === 'postgres' ? await scratchPostgres() : null;
    const place: DatabasePlace = scratch?.place ?? { url: postgres?.url ?? '' };
    const mailbox = await startMailbox();
    const env = { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://exchange.example' };
    const email = `fault-${Date.now()}@example.com`;
    try {
      let server = await startServerProcess(place, env);
      await api(server, 'users.signUp', { email, password: 'correct horse battery' });
      // The verification mail arriving shows the sender at work before the kill.
      await waitFor('the verification mail', () => mailbox.to(email).length === 1);
      await server.kill();

      const db = await open(place);
      const mail = { to: email, subject: QUEUED_SUBJECT, text: 'Reset', html: '<p>Reset</p>' };
      await queueMail(db, mail, 'https://exchange.example');
      const queued = await db
        .selectFrom('mail_outbox')
        .select(['message_id', 'sent_at'])
        .where('subject', '=', QUEUED_SUBJECT)
        .execute();
      await db.destroy();
      assert.equal(queued.length, 1);
      assert.equal(queued[0]?.sent_at, null);

      server = await startServerProcess(place, env);
      const queuedMails = () => mailbox.to(email).filter((mail) => mail.subject === QUEUED_SUBJECT);
      await waitFor('the queued mail after the restart', () => queuedMails().length === 1);
      assert.equal(queuedMails()[0]?.messageId, queued[0]?.message_id);
      await server.stop();
      assert.equal(queuedMails().length, 1, 'sent once');
    } finally {
      await mailbox.close();
      scratch?.remove();
      await postgres?.drop();
    }
  });
});
