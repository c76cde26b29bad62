/** push.* methods: the VAPID public key and storing a browser's push subscription. */
import { z } from 'zod';
import { DomainError } from '../errors/DomainError.ts';
import { params } from '../http/fields.ts';
import { MAX_SUBSCRIPTION_LENGTH, saveSubscription, subscriptionSchema } from '../support/push.ts';
import { vapidKeys } from '../support/secrets.ts';
import { defineMethod, type Method } from './registry.ts';

/** The answer to a subscription that is not PushSubscription.toJSON()'s shape. */
export const BAD_SUBSCRIPTION =
  'Subscription must be the JSON of a browser push subscription (endpoint and keys).';

const subscribe = defineMethod({
  name: 'push.subscribe',
  access: 'user',
  params: params({ subscription: z.string().min(1).max(MAX_SUBSCRIPTION_LENGTH) }),
  async handler(params, { db, caller }) {
    let json: unknown;
    try {
      json = JSON.parse(params.subscription);
    } catch {
      throw new DomainError(BAD_SUBSCRIPTION);
    }
    const parsed = subscriptionSchema.safeParse(json);
    if (!parsed.success) throw new DomainError(BAD_SUBSCRIPTION);
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
