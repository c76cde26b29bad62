/**
 * Replay protection: each signed request accepted is noted by the hash of its key and prehash
 * (so the same request is caught whatever encoding its signature is sent in) until its window
 * has passed, after which its timestamp alone refuses it. The note is a row with a unique key in
 * the database, so a second server sharing it refuses the copy too; rows past their time are
 * swept every minute.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../storage/db.ts';

/**
 * Kept past the window by this much, so that servers whose clocks differ by up to a minute
 * still agree a copy is one.
 */
const CLOCK_MARGIN_MS = 60_000;
const SWEEP_MS = 60_000;

/** Notes a request; false when the same request was noted before (a replay). */
export async function noteRequest(
  db: Queryable,
  keyId: string,
  prehash: Buffer,
  window: { timestamp: number; recvWindow: number },
): Promise<boolean> {
  const hash = createHash('sha256').update(`${keyId}\n`).update(prehash).digest('base64url');
  const expiresAt = new Date(window.timestamp + window.recvWindow + CLOCK_MARGIN_MS);
  const noted = await db
    .insertInto('api_key_requests')
    .values({ request_hash: hash, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('request_hash').doNothing())
    .returning('request_hash')
    .executeTakeFirst();
  return noted !== undefined;
}

/** Deletes the notes whose time has passed, every minute until `app` closes. */
export function sweepRequests(app: FastifyInstance, db: Database): void {
  const sweep = () =>
    db
      .deleteFrom('api_key_requests')
      .where('expires_at', '<', new Date())
      .execute()
      .catch((error: Error) => app.log.warn(`Signed request sweep failed: ${error.message}`));
  // Every server sweeps: one DELETE, which skips the rows another server deleted.
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
