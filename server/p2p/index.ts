/**
 * P2P trading on the server: the sweep that expires unpaid trades once their payment window has
 * passed, at start (catching up on windows that passed while the server was down) and then as
 * they fall due (DeadlineSweep). The methods live in methods/p2p.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import { DeadlineSweep } from '../storage/DeadlineSweep.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { expireDueTrades, nextPaymentDeadline } from './trades.ts';

/** How often unpaid trades are looked at on a database shared with other servers. */
export const EXPIRY_SWEEP_MS = 5_000;

/** The longest the sweep sleeps on the embedded database (its net: see DeadlineSweep). */
export const EXPIRY_NET_MS = 60_000;

/** Expires what is due now, then as trades fall due, until the server closes. */
export async function registerP2p(
  app: FastifyInstance,
  deps: { db: Database; events: ServerEventBus },
): Promise<void> {
  const run = async () => {
    for (const move of await expireDueTrades(deps.db)) {
      deps.events.publish('wallet.balancesChanged', { userIds: move.userIds });
      deps.events.publish('p2p.tradeMoved', move);
    }
    return nextPaymentDeadline(deps.db);
  };
  // Every server sweeps, not in turn: it is safe on many at once. expireTrade locks the trade
  // and reads its status again, so a server that waited on another's lock finds it expired and
  // posts nothing: the escrow goes back once. That lock must hold anyway, as a buyer marking the
  // trade paid races the sweep the same way.
  const pace = {
    alone: postgresPool(deps.db) === null,
    everyMs: EXPIRY_SWEEP_MS,
    netMs: EXPIRY_NET_MS,
  };
  const sweep = new DeadlineSweep(run, pace, (error) =>
    app.log.error({ err: error }, 'P2P expiry sweep failed'),
  );
  // A trade opened on this server starts a payment window: the sweep looks for its deadline.
  const unsubscribe = deps.events.subscribe('p2p.tradeMoved', ({ status }) => {
    if (status === 'opened') sweep.wake();
  });
  await sweep.start();
  app.addHook('onClose', async () => {
    unsubscribe();
    await sweep.stop();
  });
}
