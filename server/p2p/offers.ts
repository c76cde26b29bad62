/**
 * P2P offers: published by merchants whose identity is verified, listed to everyone while active.
 * A sell offer's available crypto is held in escrow through the ledger while it is active: held
 * when published or resumed, released when paused or closed, in the transaction that changes the
 * status, and the row names the entry that holds it, so a hold is neither made twice nor lost.
 */
import { sql } from 'kysely';
import type {
  CreateP2pOfferParams,
  P2pOffer,
  P2pOfferFilter,
  P2pOfferStatus,
  Ticker,
} from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';
import { isShortOf } from './escrow.ts';
import { checkOfferTerms } from './offerTerms.ts';
import { refuseMissingDetails } from './paymentDetails.ts';
import { OFFER_PRICE, referencePrice, withPrices } from './pricing.ts';

/** Most offers one merchant has active or paused at once. */
export const MAX_OPEN_OFFERS = 20;

/** Most offers a list answers. */
export const MAX_OFFERS_PAGE = 200;

/** An offer row with its merchant's login, as the lists read it. */
type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['executeTakeFirstOrThrow']>>;

/** Offers (alias `o`) with their merchant, amounts as text without trailing zeros. */
function selectOffers(db: Queryable) {
  return withPrices(db)
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.user_id',
      'u.login',
      'o.side',
      'o.asset',
      'o.fiat',
      sql<string | null>`trim_scale(${OFFER_PRICE})::text`.as('price'),
      sql<string | null>`trim_scale(o.margin)::text`.as('margin'),
      sql<string>`trim_scale(o.available)::text`.as('available'),
      sql<string>`trim_scale(o.min_fiat)::text`.as('min_fiat'),
      sql<string>`trim_scale(o.max_fiat)::text`.as('max_fiat'),
      'o.payment_methods',
      'o.payment_window_minutes',
      'o.terms',
      'o.status',
      'o.created_at',
      sql<number>`(select count(*) from p2p_trades t
        where (t.buyer_id = o.user_id or t.seller_id = o.user_id) and t.status = 'released')::int`.as(
        'completed_trades',
      ),
      // A trade fails through its buyer: cancelled, left unpaid, or returned by staff.
      sql<number>`(select count(*) from p2p_trades t
        where t.buyer_id = o.user_id and t.status in ('cancelled', 'expired', 'returned'))::int`.as(
        'failed_trades',
      ),
    ]);
}

/** The whole percent of `completed` among `completed + failed`, rounded down; null for none. */
function completionPercent(completed: number, failed: number): number | null {
  const ended = completed + failed;
  return ended === 0 ? null : Math.floor((completed * 100) / ended);
}

/** The wire form of an offer. */
function offerToWire(row: OfferRow): P2pOffer {
  return {
    id: row.id,
    merchant: {
      login: row.login,
      completedTrades: row.completed_trades,
      completionPercent: completionPercent(row.completed_trades, row.failed_trades),
    },
    side: row.side,
    asset: row.asset as Ticker,
    fiat: row.fiat,
    price: row.price,
    margin: row.margin,
    minFiat: row.min_fiat,
    maxFiat: row.max_fiat,
    available: row.available,
    paymentMethods: row.payment_methods,
    paymentWindowMinutes: row.payment_window_minutes,
    terms: row.terms,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

async function readOffer(db: Queryable, id: number): Promise<P2pOffer> {
  return offerToWire(await selectOffers(db).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** Publishes an offer for `userId`; a sell offer's amount is held in escrow at once. */
export async function createOffer(
  db: Database,
  userId: number,
  params: CreateP2pOfferParams,
): Promise<P2pOffer> {
  const reference =
    params.margin === undefined ? null : await referencePrice(db, params.asset, params.fiat);
  const terms = checkOfferTerms(params, reference);
  const id = await db.transaction().execute(async (trx) => {
    const merchant = await trx
      .selectFrom('users')
      .select('is_verified')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!merchant.is_verified) throw refusal('offer.unverified');
    const open = await trx
      .selectFrom('p2p_offers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '!=', 'closed')
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_OFFERS) throw refusal('offer.tooMany', { max: MAX_OPEN_OFFERS });
    if (params.side === 'sell') {
      await refuseMissingDetails(trx, userId, terms.paymentMethods, 'all');
    }
    // Stored paused, then made active with its hold: the row and the escrow entry name each other.
    const row = await trx
      .insertInto('p2p_offers')
      .values({
        user_id: userId,
        side: params.side,
        asset: params.asset,
        fiat: terms.fiat,
        price: terms.price,
        margin: terms.margin,
        amount: terms.amount,
        available: terms.amount,
        min_fiat: terms.minFiat,
        max_fiat: terms.maxFiat,
        payment_methods: terms.paymentMethods,
        payment_window_minutes: terms.paymentWindowMinutes,
        terms: terms.terms,
        status: 'paused',
        escrow_entry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await activate(trx, { id: row.id, user_id: userId, ...params, available: terms.amount });
    return row.id;
  });
  return readOffer(db, id);
}

/** An offer as status changes read it. */
interface Held {
  id: number;
  user_id: number;
  side: string;
  asset: string;
  available: string;
}

/** Makes the offer active, holding a sell offer's available crypto in escrow. */
async function activate(trx: Queryable, offer: Held): Promise<void> {
  let entry: number | null = null;
  if (offer.side === 'sell') {
    try {
      entry = await post(trx, {
        from: { user: offer.user_id },
        to: { user: offer.user_id, held: true },
        ticker: offer.asset as Ticker,
        amount: offer.available,
        reason: `P2P offer ${offer.id} in escrow`,
      });
    } catch (error) {
      if (isShortOf(error, offer.asset as Ticker)) {
        throw refusal('offer.insufficient', { ticker: offer.asset, amount: offer.available });
      }
      throw error;
    }
  }
  await trx
    .updateTable('p2p_offers')
    .set({ status: 'active', escrow_entry_id: entry, updated_at: new Date() })
    .where('id', '=', offer.id)
    .execute();
}

/** Pauses, resumes or closes the merchant's offer; its escrow follows in the same transaction. */
export async function setOfferStatus(
  db: Database,
  userId: number,
  id: number,
  status: P2pOfferStatus,
): Promise<P2pOffer> {
  await db.transaction().execute(async (trx) => {
    const offer = await trx
      .selectFrom('p2p_offers')
      .select([
        'id',
        'user_id',
        'side',
        'asset',
        'status',
        'escrow_entry_id',
        sql<string>`trim_scale(available)::text`.as('available'),
      ])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (offer === undefined) throw refusal('offer.notFound');
    if (offer.status === status) return;
    if (offer.status === 'closed') throw refusal('offer.closed');
    if (status === 'active') {
      if (!/[1-9]/.test(offer.available)) throw refusal('offer.nothingLeft');
      await activate(trx, offer);
      return;
    }
    if (offer.escrow_entry_id !== null) {
      await post(trx, {
        from: { user: userId, held: true },
        to: { user: userId },
        ticker: offer.asset as Ticker,
        amount: offer.available,
        reason: `P2P offer ${id} ${status === 'closed' ? 'closed' : 'paused'}: escrow released`,
      });
    }
    await trx
      .updateTable('p2p_offers')
      .set({ status, escrow_entry_id: null, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  });
  return readOffer(db, id);
}

/**
 * Active offers matching the filter: sell offers cheapest first, buy offers dearest first (the
 * best deal on top for whoever takes them), newest first when both sides are asked for.
 */
export async function listOffers(db: Queryable, filter: P2pOfferFilter): Promise<P2pOffer[]> {
  let query = selectOffers(db)
    .where('o.status', '=', 'active')
    // A blocked merchant's offers are not listed: nobody could trade with them.
    .where('u.is_blocked', '=', false)
    // Nor a margin offer whose fiat has no reference rate: it has no price.
    .where(OFFER_PRICE, 'is not', null)
    .limit(filter.limit ?? 50);
  if (filter.side !== undefined) query = query.where('o.side', '=', filter.side);
  if (filter.asset !== undefined) query = query.where('o.asset', '=', filter.asset);
  if (filter.fiat !== undefined) query = query.where('o.fiat', '=', filter.fiat);
  if (filter.paymentMethod !== undefined) {
    const method = filter.paymentMethod;
    query = query.where(sql<boolean>`${method} = any(o.payment_methods)`);
  }
  if (filter.fiatAmount !== undefined) {
    const fiat = filter.fiatAmount;
    query = query
      .where('o.min_fiat', '<=', fiat)
      .where('o.max_fiat', '>=', fiat)
      .where(sql<boolean>`o.available * ${OFFER_PRICE} >= ${fiat}::numeric`);
  }
  query =
    filter.side === 'sell'
      ? query.orderBy(OFFER_PRICE, 'asc').orderBy('o.id')
      : filter.side === 'buy'
        ? query.orderBy(OFFER_PRICE, 'desc').orderBy('o.id')
        : query.orderBy('o.id', 'desc');
  return (await query.execute()).map(offerToWire);
}

/** The merchant's offers, newest first, closed ones included. */
export async function merchantOffers(db: Queryable, userId: number): Promise<P2pOffer[]> {
  const rows = await selectOffers(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.id', 'desc')
    .limit(MAX_OFFERS_PAGE)
    .execute();
  return rows.map(offerToWire);
}
