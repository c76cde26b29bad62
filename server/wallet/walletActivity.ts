/**
 * An account's newest deposits, withdrawals and card purchases, as its private stream pushes them each time one
 * moves (a confirmation more, credited, sent, confirmed …), so the deposit and withdrawal pages
 * follow them live instead of asking again and again.
 */
import type { CardPurchase, Deposit, Withdrawal } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';
import { depositToWire, selectDeposits } from './deposits/depositRows.ts';
import { selectWithdrawals, withdrawalToWire } from './withdrawals/withdrawalRows.ts';

/** How many of each the stream sends: what the pages list. */
export const ACTIVITY_LIMIT = 20;

/**
 * An account's newest card purchases, newest first. The buy domain provides it (wired in app.ts):
 * buying by card stands on the wallet, so the wallet never imports it.
 */
export type RecentPurchases = (db: Queryable, userId: number) => Promise<CardPurchase[]>;

/** The account's newest deposits, withdrawals and card purchases, newest first. */
export async function readWalletActivity(
  db: Queryable,
  userId: number,
  recentPurchases: RecentPurchases,
): Promise<{ deposits: Deposit[]; withdrawals: Withdrawal[]; purchases: CardPurchase[] }> {
  const [deposits, withdrawals, purchases] = await Promise.all([
    selectDeposits(db)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(ACTIVITY_LIMIT)
      .execute(),
    selectWithdrawals(db)
      .where('w.user_id', '=', userId)
      .orderBy('w.id', 'desc')
      .limit(ACTIVITY_LIMIT)
      .execute(),
    recentPurchases(db, userId),
  ]);
  return {
    deposits: deposits.map(depositToWire),
    withdrawals: withdrawals.map(withdrawalToWire),
    purchases,
  };
}
