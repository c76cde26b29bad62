/** Reading card purchases back: the stored row as its owner sees it. */
import { type Selectable, sql } from 'kysely';
import type { CardPurchase, CardPurchaseStatus, Ticker } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';
import type { CardPurchasesTable } from './BuyTables.ts';

/** A purchase row with its amounts as decimal strings without trailing zeros. */
export type PurchaseRow = Omit<
  Selectable<CardPurchasesTable>,
  'credit_entry_id' | 'refund_entry_id'
>;

/** A query of purchase rows (alias `p`), ready for more conditions. */
export function selectPurchases(db: Queryable) {
  return db
    .selectFrom('card_purchases as p')
    .select([
      'p.id',
      'p.user_id',
      'p.asset',
      sql<string>`trim_scale(p.amount)::text`.as('amount'),
      sql<string>`trim_scale(p.rate)::text`.as('rate'),
      sql<string>`trim_scale(p.fee)::text`.as('fee'),
      sql<string>`trim_scale(p.total)::text`.as('total'),
      'p.status',
      'p.provider',
      'p.session_id',
      'p.payment_url',
      'p.card_brand',
      'p.card_last4',
      'p.reason',
      'p.idempotency_key',
      'p.expires_at',
      'p.created_at',
      'p.updated_at',
    ]);
}

/** The purchase with this id, or undefined. */
export function readPurchase(db: Queryable, id: number): Promise<PurchaseRow | undefined> {
  return selectPurchases(db).where('p.id', '=', id).executeTakeFirst();
}

/** How many purchases the lists and the private stream hold. */
export const PURCHASES_LISTED = 20;

/** The account's newest purchases, newest first. */
export async function readRecentPurchases(db: Queryable, userId: number): Promise<CardPurchase[]> {
  const rows = await selectPurchases(db)
    .where('p.user_id', '=', userId)
    .orderBy('p.id', 'desc')
    .limit(PURCHASES_LISTED)
    .execute();
  return rows.map(purchaseToWire);
}

/** A row as its owner sees it. */
export function purchaseToWire(row: PurchaseRow): CardPurchase {
  return {
    id: row.id,
    asset: row.asset as Ticker,
    amount: row.amount,
    rate: row.rate,
    fee: row.fee,
    total: row.total,
    status: row.status as CardPurchaseStatus,
    card:
      row.card_brand !== null && row.card_last4 !== null
        ? { brand: row.card_brand, last4: row.card_last4 }
        : null,
    reason: row.reason,
    paymentUrl: row.status === 'awaitingPayment' ? row.payment_url : null,
    expiresAt: row.expires_at.toISOString(),
    time: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
