/** push.* methods: the VAPID public key and storing a browser's push subscription. */
import { z } from 'zod';
import { refusal } from '../errors/DomainError.ts';
import { params } from '../http/fields.ts';
import { MAX_SUBSCRIPTION_LENGTH, saveSubscription, subscriptionSchema } from '../support/push.ts';
import { vapidKeys } from '../support/secrets.ts';
import { defineMethod, type Method } from './registry.ts';

const subscribe = defineMethod({
  name: 'push.subscribe',
  access: 'user',
  params: params({ subscription: z.string().min(1).max(MAX_SUBSCRIPTION_LENGTH) }),
  async handler(params, { db, caller }) {
    let json: unknown;
    try {
      json = JSON.parse(params.subscription);
    } catch {
      throw refusal('support.badPushSubscription');
    }
    const parsed = subscriptionSchema.safeParse(json);
    if (!parsed.success) throw refusal('support.badPushSubscription');
    await saveSubscription(db, caller.user.id, parsed.data);
    return {};
  },
});

const getPublicKey = defineMethod({
  name: 'push.getPublicKey',
  access: 'public',
  params: params({}),
  async handler(_params, { db }) {
    return { publicKey: (await vapidKeys(db)).publicKey };
  },
});

/** The push.* methods. */
export const pushMethods: readonly Method[] = [subscribe, getPublicKey];
