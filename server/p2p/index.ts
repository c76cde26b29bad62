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
  // Every server sweeps, not in turn: it is safe on many at once. expireTrade locks the trade
  // and reads its status again, so a server that waited on another's lock finds it expired and
  // posts nothing: the escrow goes back once. That lock must hold anyway, as a buyer marking the
  // trade paid races the sweep the same way.
  await sweep();
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
