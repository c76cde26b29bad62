/**
 * The mail queue survives `kill -9`: a password reset asked for just before the server is killed
 * with SIGKILL is in the database, unsent, and goes out once after the restart, keeping the
 * Message-ID it was queued with. On PGlite and on PostgreSQL, through a real SMTP server.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

const RESET_SUBJECT = 'Set a new Exchange password';

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
  test('a reset mail queued just before a SIGKILL is sent once after the restart', async () => {
    const scratch = driver === 'pglite' ? scratchDataDir() : null;
    const postgres = driver === 'postgres' ? await scratchPostgres() : null;
    const place: DatabasePlace = scratch?.place ?? { url: postgres?.url ?? '' };
    const mailbox = await startMailbox();
    const env = { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://exchange.example' };
    const email = `fault-${Date.now()}@example.com`;
    try {
      let server = await startServerProcess(place, env);
      await api(server, 'users.signUp', { email, password: 'correct horse battery' });
      // The verification mail arriving shows the sender at work; the reset is asked for right
      // after one of its sweeps, and the server killed before the next (every 2 s).
      await waitFor('the verification mail', () => mailbox.to(email).length === 1);
      await api(server, 'users.forgotPassword', { email });
      await server.kill();

      const db = await open(place);
      const queued = await db
        .selectFrom('mail_outbox')
        .select(['message_id', 'sent_at'])
        .where('subject', '=', RESET_SUBJECT)
        .execute();
      await db.destroy();
      assert.equal(queued.length, 1);
      assert.equal(queued[0]?.sent_at, null, 'killed before the sender took it');

      server = await startServerProcess(place, env);
      const resets = () => mailbox.to(email).filter((mail) => mail.subject === RESET_SUBJECT);
      await waitFor('the reset mail after the restart', () => resets().length === 1);
      assert.equal(resets()[0]?.messageId, queued[0]?.message_id);
      await server.stop();
      assert.equal(resets().length, 1, 'sent once');
    } finally {
      await mailbox.close();
      scratch?.remove();
      await postgres?.drop();
    }
  });
});
