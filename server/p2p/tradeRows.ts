/** Reading P2P trades back: the stored row, with both sides and the offer's terms, as the wire has it. */
import { sql } from 'kysely';
import type {
  P2pPaymentDetails,
  P2pTrade,
  P2pTradeStatus,
  Ticker,
} from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

/** The states in which the buyer may still need to pay. */
const UNDER_WAY = new Set<P2pTradeStatus>(['opened', 'paid', 'disputed']);

/** Trades (alias `t`) with their sides' logins and their offer's terms, amounts trimmed. */
export function selectTrades(db: Queryable) {
  return db
    .selectFrom('p2p_trades as t')
    .innerJoin('p2p_offers as o', 'o.id', 't.offer_id')
    .innerJoin('users as b', 'b.id', 't.buyer_id')
    .innerJoin('users as s', 's.id', 't.seller_id')
    .select([
      't.id',
      't.offer_id',
      't.buyer_id',
      't.seller_id',
      'b.login as buyer_login',
      's.login as seller_login',
      't.asset',
      't.fiat',
      sql<string>`trim_scale(t.price)::text`.as('price'),
      sql<string>`trim_scale(t.amount)::text`.as('amount'),
      sql<string>`trim_scale(t.fee)::text`.as('fee'),
      sql<string>`trim_scale(t.fiat_amount)::text`.as('fiat_amount'),
      't.status',
      't.pay_by',
      'o.payment_methods',
      sql<P2pPaymentDetails[]>`(
        select coalesce(json_agg(json_build_object('method', d.method, 'details', d.details)
          order by d.method), '[]'::json)
        from p2p_payment_details d
        where d.user_id = t.seller_id and d.method = any(o.payment_methods))`.as('payment_details'),
      'o.terms',
      't.dispute_reason',
      't.disputed_by',
      't.resolution',
      't.paid_at',
      't.disputed_at',
      't.ended_at',
      't.created_at',
      't.updated_at',
    ]);
}

/** A trade row as `selectTrades` reads it. */
export type TradeRow = Awaited<
  ReturnType<ReturnType<typeof selectTrades>['executeTakeFirstOrThrow']>
>;

/** The wire form of a trade, as `viewerId` sees it. */
export function tradeToWire(row: TradeRow, viewerId: number): P2pTrade {
  return {
    id: row.id,
    offerId: row.offer_id,
    asset: row.asset as Ticker,
    fiat: row.fiat,
    price: row.price,
    amount: row.amount,
    fee: row.fee,
    fiatAmount: row.fiat_amount,
    buyer: { login: row.buyer_login },
    seller: { login: row.seller_login },
    yourSide: row.buyer_id === viewerId ? 'buyer' : row.seller_id === viewerId ? 'seller' : null,
    status: row.status,
    payBy: row.pay_by.toISOString(),
    paymentMethods: row.payment_methods,
    // Private: where the seller is paid, shown to the sides only while the trade is under way.
    paymentDetails: UNDER_WAY.has(row.status) ? row.payment_details : null,
    terms: row.terms,
    disputeReason: row.dispute_reason,
    disputedBy:
      row.disputed_by === null ? null : row.disputed_by === row.buyer_id ? 'buyer' : 'seller',
    resolution: row.resolution,
    paidAt: row.paid_at?.toISOString() ?? null,
    disputedAt: row.disputed_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One trade, as stored now. */
export async function readTrade(db: Queryable, id: number): Promise<TradeRow> {
  return selectTrades(db).where('t.id', '=', id).executeTakeFirstOrThrow();
}

/** The ids of a trade's two sides, whose balances its moves change. */
export async function tradeParties(db: Queryable, id: number): Promise<number[]> {
  const row = await db
    .selectFrom('p2p_trades')
    .select(['buyer_id', 'seller_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return [row.buyer_id, row.seller_id];
}
