/**
 * A P2P trade's escrow: the crypto goes into the `p2pEscrow` account when the trade opens, from
 * the seller (a sell offer's escrow, or the taker's available balance on a buy offer), and leaves
 * it once: to the buyer less the fee, or back to the seller. Back to the seller means back on the
 * offer: on an active sell offer into its escrow again, otherwise to the seller's balance. Each
 * exit happens with the trade's status change, from a state it names, under the trade's lock.
 */
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import {
  formatDecimal,
  parseDecimal,
  rescale,
  type ScaledDecimal,
} from '../../core/markets/decimal.ts';
import type { P2pTradeStatus, Ticker } from '../../core/protocol/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

/** Whether `error` is the ledger refusing a posting that would overdraw a `ticker` balance. */
export function isShortOf(error: unknown, ticker: Ticker): boolean {
  // The code says the ledger refused for want of funds; its filled words say which asset.
  return (
    error instanceof DomainError &&
    error.code === 'wallet.insufficientFunds' &&
    error.message === errorText('wallet.insufficientFunds', { ticker })
  );
}

/** A trade as the escrow moves read it (amounts trimmed). */
interface EscrowedTrade {
  id: number;
  offer_id: number;
  buyer_id: number;
  seller_id: number;
  asset: string;
  amount: string;
  fee: string;
  status: P2pTradeStatus;
  pay_by: Date;
}

/** What a closing move records besides the status. */
interface Closing {
  resolution?: string;
  resolvedBy?: number;
}

/** Locks a trade for a change; undefined when it is not in one of `from`. */
export async function lockTrade(
  trx: Queryable,
  id: number,
  from: readonly P2pTradeStatus[],
): Promise<EscrowedTrade | undefined> {
  return trx
    .selectFrom('p2p_trades')
    .select([
      'id',
      'offer_id',
      'buyer_id',
      'seller_id',
      'asset',
      'status',
      'pay_by',
      sql<string>`trim_scale(amount)::text`.as('amount'),
      sql<string>`trim_scale(fee)::text`.as('fee'),
    ])
    .where('id', '=', id)
    .where('status', 'in', from)
    .forUpdate()
    .executeTakeFirst();
}

/** The crypto to the buyer less the fee (to the exchange), closing the trade as `status`. */
export async function releaseToBuyer(
  trx: Queryable,
  trade: EscrowedTrade,
  status: 'released',
  closing: Closing = {},
): Promise<void> {
  const ticker = trade.asset as Ticker;
  const fee = /[1-9]/.test(trade.fee) ? trade.fee : null;
  const received = fee === null ? trade.amount : minus(trade.amount, fee);
  const entry = await post(trx, {
    from: { system: 'p2pEscrow' },
    to: { user: trade.buyer_id },
    ticker,
    amount: received,
    reason: `P2P trade ${trade.id} released`,
  });
  if (fee !== null) {
    await post(trx, {
      from: { system: 'p2pEscrow' },
      to: { system: 'fees' },
      ticker,
      amount: fee,
      reason: `P2P trade ${trade.id} fee`,
    });
  }
  await close(trx, trade.id, status, entry, closing);
}

/** The crypto back to the seller, onto the offer it came from, closing the trade as `status`. */
export async function returnToSeller(
  trx: Queryable,
  trade: EscrowedTrade,
  status: 'cancelled' | 'expired' | 'returned',
  closing: Closing = {},
): Promise<void> {
  const offer = await trx
    .selectFrom('p2p_offers')
    .select(['id', 'side', 'status', 'escrow_entry_id'])
    .where('id', '=', trade.offer_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const intoOfferEscrow = offer.side === 'sell' && offer.status === 'active';
  const entry = await post(trx, {
    from: { system: 'p2pEscrow' },
    to: intoOfferEscrow ? { user: trade.seller_id, held: true } : { user: trade.seller_id },
    ticker: trade.asset as Ticker,
    amount: trade.amount,
    reason: `P2P trade ${trade.id} ${status}: escrow back to the seller`,
  });
  await trx
    .updateTable('p2p_offers')
    .set((eb) => ({
      available: eb('available', '+', trade.amount),
      ...(intoOfferEscrow && offer.escrow_entry_id === null ? { escrow_entry_id: entry } : {}),
      updated_at: new Date(),
    }))
    .where('id', '=', offer.id)
    .execute();
  await close(trx, trade.id, status, entry, closing);
}

async function close(
  trx: Queryable,
  id: number,
  status: P2pTradeStatus,
  entry: number,
  closing: Closing,
): Promise<void> {
  await trx
    .updateTable('p2p_trades')
    .set({
      status,
      final_entry_id: entry,
      ended_at: new Date(),
      updated_at: new Date(),
      ...(closing.resolution === undefined ? {} : { resolution: closing.resolution }),
      ...(closing.resolvedBy === undefined ? {} : { resolved_by: closing.resolvedBy }),
    })
    .where('id', '=', id)
    .execute();
}

/** a − b, exactly. */
function minus(a: string, b: string): string {
  const x = parseDecimal(a) as ScaledDecimal;
  const y = parseDecimal(b) as ScaledDecimal;
  const decimals = Math.max(x.decimals, y.decimals);
  return formatDecimal(rescale(x, decimals) - rescale(y, decimals), decimals);
}
