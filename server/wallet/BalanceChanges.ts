/**
 * Where a change of some accounts' balances outside the spot market (a transfer, a deposit, a
 * withdrawal) is announced, so the accounts' open private streams send their wallets again: the
 * recipient of a transfer sees it arrive without reloading.
 */

/** Hears the ids of accounts whose balances changed. */
export type BalanceListener = (userIds: readonly number[]) => void;

/** The announcements of balance changes, and who listens to them. */
export class BalanceChanges {
  private readonly listeners = new Set<BalanceListener>();

  /** Tells every listener that these accounts' balances changed (after the commit). */
  announce(userIds: readonly number[]): void {
    for (const listener of this.listeners) listener(userIds);
  }

  /** Adds a listener; returns the function that removes it. */
  onChange(listener: BalanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
