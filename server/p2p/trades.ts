/**
 * P2P trades: a verified account holder opens one on another's active offer for an amount of
 * fiat within its limits; the crypto goes into escrow at once. The buyer pays outside the
 * exchange and marks the trade paid within the payment window (or cancels before paying); the
 * seller then releases the crypto, with their two-factor code when it is on. Either side may
 * dispute a paid trade; the escrow stays until staff release it to the buyer or return it to the
 * seller, with a reason. An unpaid trade expires when its window passes, the server down or not.
 * Every transition is made from the states it names, by the side it names, under the trade's
 * lock, so none happens twice.
 */

import { sql } from 'kysely';
import {
  formatDecimal,
  normalise,
  parseDecimal,
  rescale,
  type ScaledDecimal,
} from '../../core/markets/decimal.ts';
import type { P2pTrade, P2pTradeStatus, Ticker } from '../../core/protocol/index.ts';
import { type TwoFactorContext, verifySecondFactor } from '../accounts/twoFactor.ts';
import { refusal } from '../errors/DomainError.ts';
import type { ServerEvents } from '../events/ServerEvents.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';
import { transferDecimals } from '../wallet/transfers.ts';
import { isShortOf, lockTrade, releaseToBuyer, returnToSeller } from './escrow.ts';
import { refuseMissingDetails } from './paymentDetails.ts';
import { offerPrice } from './pricing.ts';
import { readTrade, selectTrades, type TradeRow, tradeToWire } from './tradeRows.ts';

/** The fee on a released trade: a thousandth of the crypto, taken from what the buyer gets. */
export const P2P_FEE_PER_THOUSAND = 1n;

/** Most trades a list answers. */
export const MAX_TRADES_PAGE = 200;

/** The refusal of a move by a side it does not belong to. */
type NotYourSide =
  | 'trade.onlyBuyerPays'
  | 'trade.onlyBuyerCancels'
  | 'trade.onlySellerReleases'
  | 'trade.notFound';

/** How a status reads in a refusal. */
const STATUS_WORDS: Record<P2pTradeStatus, string> = {
  opened: 'waiting for the payment',
  paid: 'marked paid',
  disputed: 'in dispute',
  released: 'released',
  cancelled: 'cancelled',
  expired: 'expired',
  returned: 'returned to the seller',
};

/** What the trade methods need of the server. */
export interface TradeContext {
  db: Database;
  twoFactor: TwoFactorContext;
}

/** Opens a trade on an offer for `fiatAmount`; its crypto goes into escrow in the same transaction. */
export async function openTrade(
  db: Database,
  takerId: number,
  request: { offerId: number; fiatAmount: string },
  now = new Date(),
): Promise<P2pTrade> {
  const id = await db.transaction().execute(async (trx) => {
    const offer = await trx
      .selectFrom('p2p_offers')
      .selectAll()
      .where('id', '=', request.offerId)
      .forUpdate()
      .executeTakeFirst();
    if (offer === undefined || offer.status !== 'active') {
      throw refusal('trade.offerUnavailable');
    }
    if (offer.user_id === takerId) throw refusal('trade.ownOffer');
    await refuseSides(trx, takerId, offer.user_id);
    // Selling on a buy offer, the taker is paid: the merchant must learn where.
    if (offer.side === 'buy') {
      await refuseMissingDetails(trx, takerId, offer.payment_methods, 'any');
    }
    const ticker = offer.asset as Ticker;
    const fiat = normalise(parseDecimal(request.fiatAmount) as ScaledDecimal);
    refuseOutsideLimits(fiat, offer);
    // A margin offer's price is the market's now, and the trade keeps it.
    const price = await offerPrice(trx, offer.id);
    if (price === null) throw refusal('trade.unpriced');
    const amount = cryptoFor(fiat, price, transferDecimals(ticker));
    if (amount.units <= 0n) throw refusal('trade.tooSmall');
    const available = parseDecimal(trimmed(offer.available)) as ScaledDecimal;
    if (rescale(amount, 18) > rescale(available, 18)) {
      throw refusal('trade.overAvailable', {
        available: trimmed(offer.available),
        ticker,
        fiat: offer.fiat,
      });
    }
    const amountText = formatDecimal(amount.units, amount.decimals);
    const tradeId = await nextTradeId(trx);
    const sellerId = offer.side === 'sell' ? offer.user_id : takerId;
    const buyerId = offer.side === 'sell' ? takerId : offer.user_id;
    const escrow = await intoEscrow(trx, {
      from: offer.side === 'sell' ? { user: sellerId, held: true } : { user: sellerId },
      ticker,
      amount: amountText,
      tradeId,
    });
    const left = rescale(available, 18) - rescale(amount, 18);
    await takeFromOffer(trx, offer.id, left, now);
    await trx
      .insertInto('p2p_trades')
      .values({
        id: tradeId,
        offer_id: offer.id,
        buyer_id: buyerId,
        seller_id: sellerId,
        asset: ticker,
        fiat: offer.fiat,
        price,
        amount: amountText,
        fee: feeOn(amount),
        fiat_amount: formatDecimal(fiat.units, fiat.decimals),
        status: 'opened',
        pay_by: new Date(now.getTime() + offer.payment_window_minutes * 60_000),
        escrow_entry_id: escrow,
      })
      .execute();
    return tradeId;
  });
  return tradeToWire(await readTrade(db, id), takerId);
}

/**
 * What an offer has left (`left`, in units of 10^-18) once a trade takes its part; a sell offer
 * with nothing left holds nothing in escrow any more.
 */
async function takeFromOffer(trx: Queryable, offerId: number, left: bigint, now: Date) {
  await trx
    .updateTable('p2p_offers')
    .set({
      available: formatDecimal(left, 18),
      ...(left === 0n ? { escrow_entry_id: null } : {}),
      updated_at: now,
    })
    .where('id', '=', offerId)
    .execute();
}

/** The next trade's id, drawn before the trade is written (its escrow entry names it). */
async function nextTradeId(trx: Queryable): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('p2p_trades', 'id')) as id`.execute(trx);
  return Number(rows[0]?.id);
}

/** Both sides must have verified identity; says so to the one asking when either has not. */
/**
 * Both sides must be verified; a blocked merchant's offer is out of reach, since they could not
 * see the trade through. One read of the two accounts.
 */
async function refuseSides(trx: Queryable, takerId: number, merchantId: number): Promise<void> {
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'is_verified', 'is_blocked'])
    .where('id', 'in', [takerId, merchantId])
    .execute();
  const merchant = rows.find((row) => row.id === merchantId);
  if (merchant === undefined || merchant.is_blocked) {
    throw refusal('trade.offerUnavailable');
  }
  if (rows.length !== 2 || rows.some((row) => !row.is_verified)) {
    throw refusal('trade.unverified');
  }
}

function refuseOutsideLimits(
  fiat: ScaledDecimal,
  offer: { min_fiat: string; max_fiat: string; fiat: string },
): void {
  const min = parseDecimal(trimmed(offer.min_fiat)) as ScaledDecimal;
  const max = parseDecimal(trimmed(offer.max_fiat)) as ScaledDecimal;
  const at = (value: ScaledDecimal) => rescale(value, 18);
  if (fiat.decimals > 2 || at(fiat) < at(min) || at(fiat) > at(max)) {
    throw refusal('trade.outsideLimits', {
      min: trimmed(offer.min_fiat),
      max: trimmed(offer.max_fiat),
      fiat: offer.fiat,
    });
  }
}

/** The crypto `fiat` buys at `price`, rounded down to `decimals`. */
function cryptoFor(fiat: ScaledDecimal, priceText: string, decimals: number): ScaledDecimal {
  const price = parseDecimal(trimmed(priceText)) as ScaledDecimal;
  // fiat / price at `decimals`: scale the dividend so the quotient has that many decimals.
  const shift = decimals + price.decimals - fiat.decimals;
  const units = (fiat.units * 10n ** BigInt(shift)) / price.units;
  return normalise({ units, decimals });
}

/** A thousandth of the amount, rounded down at its decimals. */
function feeOn(amount: ScaledDecimal): string {
  const scaled = rescale(amount, amount.decimals + 3);
  return formatDecimal((scaled * P2P_FEE_PER_THOUSAND) / 1000n, amount.decimals + 3);
}

/** Moves the trade's crypto into the escrow account; says what is missing when it cannot. */
async function intoEscrow(
  trx: Queryable,
  move: {
    from: { user: number; held?: true };
    ticker: Ticker;
    amount: string;
    tradeId: number;
  },
): Promise<number> {
  try {
    return await post(trx, {
      from: move.from,
      to: { system: 'p2pEscrow' },
      ticker: move.ticker,
      amount: move.amount,
      reason: `P2P trade ${move.tradeId} opened: escrow`,
    });
  } catch (error) {
    if (isShortOf(error, move.ticker)) {
      throw refusal('trade.insufficient', { ticker: move.ticker, amount: move.amount });
    }
    throw error;
  }
}

/** numeric read back ("0.500000000000000000") without trailing zeros. */
function trimmed(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/**
 * A side's move on a trade: the caller must be the side named, the trade in one of `from`; the
 * refusal says which of these is not so. The trade as it is afterwards.
 */
async function move(
  db: Database,
  callerId: number,
  id: number,
  rule: {
    side: 'buyer' | 'seller' | 'either';
    from: readonly P2pTradeStatus[];
    notYourSide: NotYourSide;
    action: string;
    run: (
      trx: Queryable,
      trade: NonNullable<Awaited<ReturnType<typeof lockTrade>>>,
    ) => Promise<void>;
  },
): Promise<P2pTrade> {
  const before = await findOwnTrade(db, callerId, id);
  const isBuyer = before.buyer_id === callerId;
  if ((rule.side === 'buyer' && !isBuyer) || (rule.side === 'seller' && isBuyer)) {
    throw refusal(rule.notYourSide);
  }
  const moved = await db.transaction().execute(async (trx) => {
    const trade = await lockTrade(trx, id, rule.from);
    if (trade === undefined) return false;
    await rule.run(trx, trade);
    return true;
  });
  const after = await readTrade(db, id);
  if (!moved) {
    throw refusal('trade.wrongStatus', { status: STATUS_WORDS[after.status], action: rule.action });
  }
  return tradeToWire(after, callerId);
}

/** A trade of the caller's, either side; "no such trade" for anyone else's. */
async function findOwnTrade(db: Queryable, callerId: number, id: number): Promise<TradeRow> {
  const row = await selectTrades(db).where('t.id', '=', id).executeTakeFirst();
  if (row === undefined || (row.buyer_id !== callerId && row.seller_id !== callerId)) {
    throw refusal('trade.notFound');
  }
  return row;
}

/** The buyer says the fiat is sent; too late, the trade expires instead. */
export async function markPaid(db: Database, callerId: number, id: number, now = new Date()) {
  const trade = await findOwnTrade(db, callerId, id);
  if (trade.buyer_id === callerId && trade.status === 'opened' && trade.pay_by <= now) {
    await expireTrade(db, id);
    throw refusal('trade.expired');
  }
  return move(db, callerId, id, {
    side: 'buyer',
    from: ['opened'],
    notYourSide: 'trade.onlyBuyerPays',
    action: 'be marked paid',
    run: async (trx) => {
      await trx
        .updateTable('p2p_trades')
        .set({ status: 'paid', paid_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  });
}

/** The buyer calls the trade off before paying: the escrow goes back to the seller. */
export function cancelTrade(db: Database, callerId: number, id: number) {
  return move(db, callerId, id, {
    side: 'buyer',
    from: ['opened'],
    notYourSide: 'trade.onlyBuyerCancels',
    action: 'be cancelled',
    run: (trx, trade) => returnToSeller(trx, trade, 'cancelled'),
  });
}

/** The seller got the fiat: the crypto goes to the buyer, with their code when two-factor is on. */
export async function releaseTrade(
  ctx: TradeContext,
  callerId: number,
  request: { id: number; code?: string | undefined },
) {
  const trade = await findOwnTrade(ctx.db, callerId, request.id);
  if (trade.seller_id !== callerId) throw refusal('trade.onlySellerReleases');
  const seller = await ctx.db
    .selectFrom('users')
    .select('two_factor')
    .where('id', '=', callerId)
    .executeTakeFirstOrThrow();
  if (seller.two_factor && (trade.status === 'paid' || trade.status === 'disputed')) {
    if (request.code === undefined || request.code.trim() === '') {
      throw refusal('trade.releaseCode');
    }
    await verifySecondFactor(ctx.twoFactor, callerId, request.code);
  }
  return move(ctx.db, callerId, request.id, {
    side: 'seller',
    from: ['paid', 'disputed'],
    notYourSide: 'trade.onlySellerReleases',
    action: 'be released',
    run: (trx, locked) => releaseToBuyer(trx, locked, 'released'),
  });
}

/** Either side, once paid, asks staff to decide; the escrow stays where it is. */
export function disputeTrade(db: Database, callerId: number, id: number, reason: string) {
  if (reason.trim() === '') throw refusal('trade.reasonRequired');
  return move(db, callerId, id, {
    side: 'either',
    from: ['paid'],
    notYourSide: 'trade.notFound',
    action: 'be disputed',
    run: async (trx) => {
      await trx
        .updateTable('p2p_trades')
        .set({
          status: 'disputed',
          dispute_reason: reason.trim(),
          disputed_by: callerId,
          disputed_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
  });
}

/** Staff decide a dispute: the crypto to the buyer, or back to the seller, with a reason. */
export async function resolveDispute(
  db: Database,
  staffId: number,
  decision: { id: number; to: 'buyer' | 'seller'; reason: string },
): Promise<P2pTrade> {
  const reason = decision.reason.trim();
  if (reason === '') throw refusal('trade.resolutionRequired');
  const before = await selectTrades(db).where('t.id', '=', decision.id).executeTakeFirst();
  if (before === undefined) throw refusal('trade.notFound');
  // Four eyes: nobody decides a dispute about their own money.
  if (before.buyer_id === staffId || before.seller_id === staffId) {
    throw refusal('trade.ownDispute');
  }
  const moved = await db.transaction().execute(async (trx) => {
    const trade = await lockTrade(trx, decision.id, ['disputed']);
    if (trade === undefined) return false;
    const closing = { resolution: reason, resolvedBy: staffId };
    if (decision.to === 'buyer') await releaseToBuyer(trx, trade, 'released', closing);
    else await returnToSeller(trx, trade, 'returned', closing);
    return true;
  });
  if (!moved) throw refusal('trade.notDisputed');
  return tradeToWire(await readTrade(db, decision.id), staffId);
}

/** One move of one trade, as the event bus carries it to both sides' pages. */
export type TradeMove = ServerEvents['p2p.tradeMoved'];

/** Expires one unpaid trade whose window has passed; the move, or null if it had moved on. */
export async function expireTrade(
  db: Database,
  id: number,
  now = new Date(),
): Promise<TradeMove | null> {
  return db.transaction().execute(async (trx) => {
    const trade = await lockTrade(trx, id, ['opened']);
    if (trade === undefined || trade.pay_by > now) return null;
    await returnToSeller(trx, trade, 'expired');
    return { tradeId: id, status: 'expired', userIds: [trade.buyer_id, trade.seller_id] };
  });
}

/**
 * Expires every unpaid trade whose window has passed, including those that passed while the
 * server was down; the moves, for the parties' streams.
 */
export async function expireDueTrades(db: Database, now = new Date()): Promise<TradeMove[]> {
  const due = await db
    .selectFrom('p2p_trades')
    .select('id')
    .where('status', '=', 'opened')
    .where('pay_by', '<=', now)
    .orderBy('pay_by')
    .limit(200)
    .execute();
  const moves: TradeMove[] = [];
  for (const { id } of due) {
    const move = await expireTrade(db, id, now);
    if (move !== null) moves.push(move);
  }
  return moves;
}

/** When the next unpaid trade's payment window ends, if any trade is waiting for payment. */
export async function nextPaymentDeadline(db: Queryable): Promise<Date | null> {
  const row = await db
    .selectFrom('p2p_trades')
    .select((eb) => eb.fn.min('pay_by').as('at'))
    .where('status', '=', 'opened')
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The caller's trades, either side, newest first. */
export async function myTrades(
  db: Queryable,
  userId: number,
  page: { limit?: number | undefined; before?: number | undefined },
): Promise<P2pTrade[]> {
  let query = selectTrades(db)
    .where((eb) => eb.or([eb('t.buyer_id', '=', userId), eb('t.seller_id', '=', userId)]))
    .orderBy('t.id', 'desc')
    .limit(page.limit ?? 50);
  if (page.before !== undefined) query = query.where('t.id', '<', page.before);
  return (await query.execute()).map((row) => tradeToWire(row, userId));
}

/** A trade for its sides, or for staff. */
export async function tradeFor(
  db: Queryable,
  caller: { id: number; isStaff: boolean },
  id: number,
): Promise<P2pTrade> {
  if (caller.isStaff) {
    const row = await selectTrades(db).where('t.id', '=', id).executeTakeFirst();
    if (row === undefined) throw refusal('trade.notFound');
    return tradeToWire(row, caller.id);
  }
  return tradeToWire(await findOwnTrade(db, caller.id, id), caller.id);
}

/** Staff: the disputed trades, oldest first. */
export async function disputedTrades(db: Queryable, staffId: number): Promise<P2pTrade[]> {
  const rows = await selectTrades(db)
    .where('t.status', '=', 'disputed')
    .orderBy('t.id')
    .limit(MAX_TRADES_PAGE)
    .execute();
  return rows.map((row) => tradeToWire(row, staffId));
}
