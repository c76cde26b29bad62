/**
 * P2P trading on the server: the sweep that expires unpaid trades once their payment window has
 * passed, at start (catching up on windows that passed while the server was down) and every few
 * seconds after. The methods live in methods/p2p.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database } from '../storage/db.ts';
import { expireDueTrades } from './trades.ts';

/** How often unpaid trades are looked at. */
export const EXPIRY_SWEEP_MS = 5_000;

/** Expires what is due now, then on a timer until the server closes. */
export async function registerP2p(
  app: FastifyInstance,
  deps: { db: Database; events: ServerEventBus },
): Promise<void> {
  const sweep = () =>
    expireDueTrades(deps.db)
      .then((moves) => {
        for (const move of moves) {
          deps.events.publish('wallet.balancesChanged', { userIds: move.userIds });
          deps.events.publish('p2p.tradeMoved', move);
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'P2P expiry sweep failed'));
  await sweep();
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
