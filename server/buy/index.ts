/**
 * Buying crypto by card, on the HTTP server: the provider's callback endpoint, the test
 * provider's payment pages, and the sweep that expires unpaid purchases and credits any paid one
 * a crash left uncredited (sweep.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database } from '../storage/db.ts';
import { CallbackRefused } from './CardProvider.ts';
import { SIGNATURE_HEADER } from './callbackSignature.ts';
import { cardProvider } from './providers.ts';
import { applyPaymentEvent } from './purchases.ts';
import { startPurchaseSweep } from './sweep.ts';
import { TEST_CALLBACK_PATH } from './TestCardProvider.ts';
import { registerTestPaymentPage } from './testPaymentPage.ts';

/** What the card purchase routes need. */
export interface BuyDependencies {
  db: Database;
  config: Config;
  /** Where each account whose purchases (and so balances) moved is published. */
  events: ServerEventBus;
}

/** Registers the callback endpoint, the test payment pages and the sweep. */
export function registerBuy(app: FastifyInstance, { db, config, events }: BuyDependencies) {
  const provider = cardProvider(db, config.buy);
  registerTestPaymentPage(app, db, provider);

  app.post(TEST_CALLBACK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const signature = request.headers[SIGNATURE_HEADER];
    let event: Awaited<ReturnType<typeof provider.readCallback>>;
    try {
      event = await provider.readCallback(
        typeof signature === 'string' ? signature : undefined,
        body,
      );
    } catch (error) {
      if (!(error instanceof CallbackRefused)) throw error;
      request.log.warn({ problem: error.message }, 'card callback refused');
      return reply.code(400).send({ received: false, error: error.message });
    }
    const owner = await applyPaymentEvent(db, provider, event);
    if (owner === null) return reply.code(404).send({ received: false, error: 'Unknown session.' });
    events.publish('wallet.balancesChanged', { userIds: [owner] });
    return reply.send({ received: true });
  });

  const sweep = startPurchaseSweep(db, events, app.log);
  app.addHook('onClose', () => sweep.stop());
}
