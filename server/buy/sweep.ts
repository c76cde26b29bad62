/**
 * The sweep of card purchases on this server: unpaid ones expire when their time is up, and paid
 * ones a crash left uncredited are credited, at start and then as purchases fall due
 * (DeadlineSweep). A purchase made here wakes it with its deadline (purchaseDeadlines.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import { DeadlineSweep } from '../storage/DeadlineSweep.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { watchPurchases } from './purchaseDeadlines.ts';
import { nextPurchaseDeadline, sweepPurchases } from './purchases.ts';

/** How often unpaid purchases are looked at on a database shared with other servers. */
export const SWEEP_MS = 10_000;

/** The longest the sweep sleeps on the embedded database (its net: see DeadlineSweep). */
export const SWEEP_NET_MS = 60_000;

/** Starts the sweep of `db`'s purchases; stop it when the server closes. */
export function startPurchaseSweep(
  db: Database,
  events: ServerEventBus,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  const run = async () => {
    const owners = await sweepPurchases(db);
    if (owners.length > 0) events.publish('wallet.balancesChanged', { userIds: owners });
    return nextPurchaseDeadline(db);
  };
  // Every server sweeps, not in turn: it is safe on many at once. Expiry is one UPDATE whose
  // condition PostgreSQL checks again on a row another server changed meanwhile, and
  // creditPurchase locks the purchase and reads its status again before posting, so a purchase
  // expires or is credited once however many servers sweep.
  const pace = { alone: postgresPool(db) === null, everyMs: SWEEP_MS, netMs: SWEEP_NET_MS };
  const sweep = new DeadlineSweep(run, pace, (error) =>
    log.error({ err: error }, 'card purchase sweep failed'),
  );
  const unwatch = watchPurchases(db, sweep);
  void sweep.start();
  return {
    async stop() {
      unwatch();
      await sweep.stop();
    },
  };
}
