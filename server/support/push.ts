/**
 * Web Push (RFC 8030, VAPID per RFC 8292) through the web-push library: subscriptions from
 * push.subscribe, and the notification a client gets for a staff reply while no socket of theirs
 * is open. Sending never throws: failures are logged, and a subscription the push service
 * reports gone (404/410) is deleted.
 */
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import { z } from 'zod';
import { unusableCharacter } from '../http/fields.ts';
import type { Database } from '../storage/db.ts';
import { vapidKeys } from './secrets.ts';

/** Longest subscription JSON accepted. */
export const MAX_SUBSCRIPTION_LENGTH = 4096;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** The shape of PushSubscription.toJSON() (W3C Push API). */
export const subscriptionSchema = z.object({
  // An address, not anyone's words: refused when unusable, as `words` would, since it is stored.
  endpoint: z
    .url({ protocol: /^https$/ })
    .max(2048)
    .refine((url) => unusableCharacter(url, false) === null),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.min(20).max(200), auth: base64url.min(8).max(100) }),
});

/** A validated push subscription. */
export type PushSubscriptionJson = z.infer<typeof subscriptionSchema>;

/** Stores a subscription for a user; an endpoint seen before moves to this user. */
export async function saveSubscription(
  db: Database,
  userId: number,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const values = {
    user_id: userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .execute();
}

/** What a support notification says. */
export interface SupportPush {
  title: string;
  body: string;
  /** Where a click on the notification leads. */
  url: string;
}

/** Sends a notification to every subscription of a user; resolves when all attempts ended. */
export async function pushToUser(
  db: Database,
  userId: number,
  message: SupportPush,
  subject: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const subscriptions = await db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    if (subscriptions.length === 0) return;
    const keys = await vapidKeys(db);
    const payload = JSON.stringify(message);
    await Promise.all(
      subscriptions.map(async (row) => {
        try {
          await webPush.sendNotification(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            payload,
            { vapidDetails: { subject, ...keys }, TTL: 24 * 60 * 60, timeout: 10_000 },
          );
        } catch (error) {
          if (error instanceof webPush.WebPushError && [404, 410].includes(error.statusCode)) {
            await db.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
            return;
          }
          log.warn({ err: error, userId }, 'Web Push failed');
        }
      }),
    );
  } catch (error) {
    log.warn({ err: error, userId }, 'Web Push failed');
  }
}
