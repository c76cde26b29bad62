/**
 * Where a purchase made on this server tells the sweeps of its database (sweep.ts) when it falls
 * due, so that on the embedded database they need not look on a beat.
 */
import type { Database } from '../storage/db.ts';

/** What a sweep does with a deadline it is told of. */
interface Waking {
  wake(at: Date): void;
}

/** Each database's sweeps in this process. */
const sweeps = new WeakMap<Database, Set<Waking>>();

/** Tells `sweep` of every purchase made on `db` from now on; the function returned stops it. */
export function watchPurchases(db: Database, sweep: Waking): () => void {
  const watching = sweeps.get(db) ?? new Set();
  watching.add(sweep);
  sweeps.set(db, watching);
  return () => watching.delete(sweep);
}

/** A purchase made on `db` falls due at `at`: this process's sweeps of it run by then. */
export function purchaseMade(db: Database, at: Date): void {
  for (const sweep of sweeps.get(db) ?? []) sweep.wake(at);
}
