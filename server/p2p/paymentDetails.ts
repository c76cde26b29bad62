/**
 * A seller's payment details (where the fiat goes, by method), kept private: only the sides of a
 * trade under way in which their owner sells see them. A seller cannot be chosen without them:
 * a sell offer lists only methods its merchant has details for, and a taker selling on a buy
 * offer needs details for one of its methods.
 */
import type { P2pPaymentDetails } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { PAYMENT_METHODS } from './catalogue.ts';

/** The name of a listed method. */
function methodName(id: string): string {
  return PAYMENT_METHODS.find((method) => method.id === id)?.name ?? id;
}

/** The account's payment details, by method. */
export async function myPaymentDetails(
  db: Queryable,
  userId: number,
): Promise<P2pPaymentDetails[]> {
  return db
    .selectFrom('p2p_payment_details')
    .select(['method', 'details'])
    .where('user_id', '=', userId)
    .orderBy('method')
    .execute();
}

/** Saves the details of one method; empty details remove them. */
export async function setPaymentDetails(
  db: Database,
  userId: number,
  method: string,
  details: string,
): Promise<P2pPaymentDetails[]> {
  if (!PAYMENT_METHODS.some((listed) => listed.id === method)) {
    throw refusal('paymentDetails.unlistedMethod', { method: method.slice(0, 40) });
  }
  const text = details.trim();
  if (text === '') {
    await db
      .deleteFrom('p2p_payment_details')
      .where('user_id', '=', userId)
      .where('method', '=', method)
      .execute();
  } else {
    await db
      .insertInto('p2p_payment_details')
      .values({ user_id: userId, method, details: text })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'method'])
          .doUpdateSet({ details: text, updated_at: new Date() }),
      )
      .execute();
  }
  return myPaymentDetails(db, userId);
}

/**
 * Refuses a seller without details for the methods: `all` of them (a sell offer's merchant), or
 * `any` of them (a taker selling on a buy offer).
 */
export async function refuseMissingDetails(
  db: Queryable,
  sellerId: number,
  methods: readonly string[],
  need: 'all' | 'any',
): Promise<void> {
  const saved = new Set((await myPaymentDetails(db, sellerId)).map((row) => row.method));
  const missing = methods.filter((method) => !saved.has(method));
  if (need === 'all' && missing.length > 0) {
    throw refusal('paymentDetails.missingForAll', { methods: missing.map(methodName).join(', ') });
  }
  if (need === 'any' && missing.length === methods.length) {
    throw refusal('paymentDetails.missingForAny', { methods: methods.map(methodName).join(', ') });
  }
}
