/**
 * A card purchase's life: created at a locked quote, handed to the provider (awaiting payment),
 * paid when the provider's signed callback says so, then credited through the ledger from the
 * exchange's card-purchases account; or declined, expired, or (staff) refunded. Every step is an
 * `update … where status = <the step before>`, so a callback delivered any number of times, or
 * racing the expiry sweep, moves a purchase once, and the credit is posted once.
 */
import type { CreateCardPurchaseParams, Ticker } from '../../core/protocol/index.ts';
import { isUniqueViolation } from '../accounts/users.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import { post } from '../wallet/ledger.ts';
import type { BuySettings } from './buySettings.ts';
import type { CardProvider, PaymentEvent } from './CardProvider.ts';
import { purchaseMade } from './purchaseDeadlines.ts';
import { type PurchaseRow, readPurchase, selectPurchases } from './purchaseRows.ts';
import { cardRate, priceCardPurchase } from './quote.ts';

/** Where the payer comes back to after paying: the purchase on the account's buy page. */
export function returnPathOf(id: number): string {
  return `/account/buy-crypto?purchase=${id}`;
}

/** What creating a purchase needs. */
export interface PurchaseContext {
  db: Database;
  market: SpotMarket;
  settings: BuySettings;
  provider: CardProvider;
}

/**
 * Locks a quote into a purchase and opens its payment with the provider; the same idempotency
 * key again answers the first purchase (and opens its payment if the provider failed before).
 */
export async function createPurchase(
  { db, market, settings, provider }: PurchaseContext,
  userId: number,
  params: CreateCardPurchaseParams,
): Promise<PurchaseRow> {
  const earlier = await byKey(db, userId, params.idempotencyKey);
  if (earlier !== undefined) return handOver(db, provider, sameRequest(earlier, params));
  const quote = priceCardPurchase(params, cardRate(market, params.asset), settings);
  let id: number;
  const expiresAt = new Date(Date.now() + settings.expiryMs);
  try {
    const inserted = await db
      .insertInto('card_purchases')
      .values({
        user_id: userId,
        asset: quote.asset,
        amount: quote.amount,
        rate: quote.rate,
        fee: quote.fee,
        total: quote.total,
        status: 'created',
        provider: provider.name,
        idempotency_key: params.idempotencyKey,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
    purchaseMade(db, expiresAt);
  } catch (error) {
    if (!isUniqueViolation(error, 'card_purchases_idempotency_key')) throw error;
    const first = await byKey(db, userId, params.idempotencyKey);
    if (first === undefined) throw error;
    return handOver(db, provider, sameRequest(first, params));
  }
  const row = await readPurchase(db, id);
  if (row === undefined) throw new Error(`purchase ${id} vanished`);
  return handOver(db, provider, row);
}

/**
 * Opens the provider's payment for a purchase still `created` (the first try, or a retry after
 * the provider failed) and marks it awaiting payment; any other purchase is answered as it is.
 */
async function handOver(
  db: Database,
  provider: CardProvider,
  row: PurchaseRow,
): Promise<PurchaseRow> {
  if (row.status !== 'created' || row.expires_at.getTime() <= Date.now()) return row;
  const session = await openPayment(provider, row.id, row, row.expires_at);
  await db
    .updateTable('card_purchases')
    .set({
      status: 'awaitingPayment',
      session_id: session.sessionId,
      payment_url: session.paymentUrl,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'created')
    .execute();
  return (await readPurchase(db, row.id)) ?? row;
}

async function openPayment(
  provider: CardProvider,
  id: number,
  quote: { total: string; amount: string; asset: string },
  expiresAt: Date,
) {
  try {
    return await provider.createPayment({
      purchaseId: id,
      total: quote.total,
      description: `${quote.amount} ${quote.asset}`,
      returnPath: returnPathOf(id),
      expiresAt,
    });
  } catch {
    // The purchase stays `created` and expires; the person may start another.
    throw refusal('buy.providerDown');
  }
}

function byKey(db: Queryable, userId: number, key: string) {
  return selectPurchases(db)
    .where('p.user_id', '=', userId)
    .where('p.idempotency_key', '=', key)
    .executeTakeFirst();
}

function sameRequest(row: PurchaseRow, params: CreateCardPurchaseParams): PurchaseRow {
  const same =
    row.asset === params.asset &&
    (params.usdAmount === undefined || equalDecimals(row.total, params.usdAmount)) &&
    (params.amount === undefined || equalDecimals(row.amount, params.amount));
  if (!same) throw refusal('buy.keyReused');
  return row;
}

function equalDecimals(a: string, b: string): boolean {
  const trim = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
  return trim(a) === trim(b.replace(/^0+(?=\d)/, ''));
}

/**
 * Applies a provider's (verified) event: a success marks the purchase paid and credits it, a
 * refusal marks it declined. Any number of deliveries change it once. The owner's id when the
 * purchase moved (or was already past this step), null for a session the product does not know.
 */
export async function applyPaymentEvent(
  db: Database,
  provider: CardProvider,
  event: PaymentEvent,
): Promise<number | null> {
  const found = await db
    .selectFrom('card_purchases')
    .select(['id', 'user_id'])
    .where('provider', '=', provider.name)
    .where('session_id', '=', event.session)
    .executeTakeFirst();
  if (found === undefined) return null;
  const card = { card_brand: event.card?.brand ?? null, card_last4: event.card?.last4 ?? null };
  if (event.type === 'payment.declined') {
    await db
      .updateTable('card_purchases')
      .set({ status: 'declined', reason: event.reason, ...card, updated_at: new Date() })
      .where('id', '=', found.id)
      .where('status', '=', 'awaitingPayment')
      .execute();
    return found.user_id;
  }
  const paid = await db
    .updateTable('card_purchases')
    .set({ status: 'paid', ...card, updated_at: new Date() })
    .where('id', '=', found.id)
    .where('status', '=', 'awaitingPayment')
    .executeTakeFirst();
  if (paid.numUpdatedRows === 0n && (await statusOf(db, found.id)) === 'expired') {
    // Paid at the provider, but the purchase expired here first: the money goes back.
    await provider.refund(event.session);
    return found.user_id;
  }
  await creditPurchase(db, found.id);
  return found.user_id;
}

async function statusOf(db: Queryable, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('card_purchases')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

/**
 * Pays a paid purchase out to its owner through the ledger, once: the row is locked, and only a
 * `paid` one is credited, in the transaction that posts the entry. True when this call did it.
 */
export async function creditPurchase(db: Database, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('card_purchases')
      .select(['user_id', 'asset', 'amount', 'status'])
      .select((eb) => eb.fn<string>('trim_scale', ['amount']).as('exact'))
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined || row.status !== 'paid') return false;
    const amount = String(row.exact);
    const entry = await post(trx, {
      from: { system: 'cardPurchases' },
      to: { user: row.user_id },
      ticker: row.asset as Ticker,
      amount,
      reason: `Card purchase ${id}: ${amount} ${row.asset}`,
    });
    await trx
      .updateTable('card_purchases')
      .set({ status: 'credited', credit_entry_id: entry, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/**
 * The sweep: purchases still unpaid past their time expire, and paid ones that were not credited
 * (a crash between the two steps) are credited. The owners whose purchases moved.
 */
export async function sweepPurchases(db: Database, now: Date = new Date()): Promise<number[]> {
  const expired = await db
    .updateTable('card_purchases')
    .set({ status: 'expired', updated_at: now })
    .where('status', 'in', ['created', 'awaitingPayment'])
    .where('expires_at', '<=', now)
    .returning('user_id')
    .execute();
  const owners = new Set(expired.map((row) => row.user_id));
  const paid = await db
    .selectFrom('card_purchases')
    .select(['id', 'user_id'])
    .where('status', '=', 'paid')
    .execute();
  for (const row of paid) {
    if (await creditPurchase(db, row.id)) owners.add(row.user_id);
  }
  return [...owners];
}

/** When the next unpaid purchase's time is up, if any purchase is waiting for payment. */
export async function nextPurchaseDeadline(db: Queryable): Promise<Date | null> {
  const row = await db
    .selectFrom('card_purchases')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('status', 'in', ['created', 'awaitingPayment'])
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * Staff's refund of a credited purchase: the crypto goes back from the owner's available
 * balance to the card-purchases account (refused when it is no longer there: spent, sent, or held
 * by an order), then the provider refunds the card. The provider is not asked inside the
 * transaction (it may be slow, and the test provider writes to this database); should it refuse,
 * a second entry gives the crypto back and the purchase is credited again.
 */
export async function refundPurchase(
  db: Database,
  provider: CardProvider,
  id: number,
): Promise<PurchaseRow> {
  const taken = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('card_purchases')
      .select(['user_id', 'asset', 'status', 'session_id', 'provider'])
      .select((eb) => eb.fn<string>('trim_scale', ['amount']).as('exact'))
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) throw refusal('buy.notFound');
    if (row.status !== 'credited') {
      throw refusal('buy.refundNotCredited', { id, status: statusText(row.status) });
    }
    if (row.provider !== provider.name || row.session_id === null) {
      throw refusal('buy.otherProvider', { id, provider: row.provider });
    }
    const ticker = row.asset as Ticker;
    const amount = String(row.exact);
    let entry: number;
    try {
      entry = await post(trx, {
        from: { user: row.user_id },
        to: { system: 'cardPurchases' },
        ticker,
        amount,
        reason: `Refund of card purchase ${id}: ${amount} ${ticker}`,
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'wallet.insufficientFunds') {
        throw refusal('buy.refundSpent', { amount, ticker });
      }
      throw error;
    }
    await trx
      .updateTable('card_purchases')
      .set({ status: 'refunded', refund_entry_id: entry, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return { userId: row.user_id, ticker, amount, session: row.session_id };
  });
  try {
    await provider.refund(taken.session);
  } catch {
    await db.transaction().execute(async (trx) => {
      const entry = await post(trx, {
        from: { system: 'cardPurchases' },
        to: { user: taken.userId },
        ticker: taken.ticker,
        amount: taken.amount,
        reason: `Card purchase ${id}: ${taken.amount} ${taken.ticker} back, the card refund failed`,
      });
      await trx
        .updateTable('card_purchases')
        .set({ status: 'credited', credit_entry_id: entry, refund_entry_id: null })
        .where('id', '=', id)
        .execute();
    });
    throw refusal('buy.refundRefused');
  }
  const row = await readPurchase(db, id);
  if (row === undefined) throw refusal('buy.notFound');
  return row;
}

function statusText(status: string): string {
  return status === 'awaitingPayment' ? 'awaiting payment' : status;
}
