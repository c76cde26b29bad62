/**
 * Secrets the server generates on first start and keeps in the database (server_secrets), so
 * every process behind one database agrees on them and a restart does not invalidate signed
 * attachment URLs or push subscriptions.
 */
import { randomBytes } from 'node:crypto';
import webPush from 'web-push';
import type { Database } from '../storage/db.ts';

const cache = new WeakMap<Database, Map<string, Promise<string>>>();

/** The secret called `name`, created with `make` the first time any process asks for it. */
export function serverSecret(db: Database, name: string, make: () => string): Promise<string> {
  let secrets = cache.get(db);
  if (secrets === undefined) {
    secrets = new Map();
    cache.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (secret === undefined) {
    secret = load(db, name, make);
    secrets.set(name, secret);
    // A failed load (database down) is retried on the next call instead of cached.
    secret.catch(() => secrets.delete(name));
  }
  return secret;
}

async function load(db: Database, name: string, make: () => string): Promise<string> {
  // Two processes starting at once both insert; the conflict keeps the first and both read it.
  await db
    .insertInto('server_secrets')
    .values({ name, value: make() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The key that signs attachment URLs (HMAC-SHA-256), 32 random bytes. */
export async function attachmentUrlKey(db: Database): Promise<Buffer> {
  const hex = await serverSecret(db, 'attachment_url_key', () => randomBytes(32).toString('hex'));
  return Buffer.from(hex, 'hex');
}

/** The VAPID key pair (RFC 8292) Web Push messages are signed with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair, generated with web-push on first use. */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const json = await serverSecret(db, 'vapid_keys', () =>
    JSON.stringify(webPush.generateVAPIDKeys()),
  );
  return JSON.parse(json) as VapidKeys;
}
