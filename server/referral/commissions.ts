/**
 * Referral commissions: the share of each trading fee that goes to the account that referred the
 * trader who paid it. Pure: the fee split (ReferralFeeSplit.ts) hands over a batch's trades and
 * who referred whom, and gets back the postings, written in the same transaction as the fees they
 * come from.
 *
 * A commission moves from the exchange's fees account to the referrer's available balance, in the
 * fee's currency, `fee × share` rounded down to the ledger's 18 decimals. Nothing else ever moves
 * money from the fees account to a user, so those entries are exactly the commissions paid.
 */
import { formatShare } from '../../core/format/index.ts';
import { feeOf } from '../../core/markets/fees.ts';
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import type { TradesTable } from '../trading/TradingTables.ts';
import type { Posting } from '../wallet/ledger.ts';

/** Who referred a user: the referrer's id, null for none, undefined when not known yet. */
export type ReferrerOf = (userId: number) => number | null | undefined;

/** The fee-paying sides of a trade: who paid, how much, in which currency. */
function feesOf(trade: TradesTable): { userId: number; fee: string; ticker: Ticker }[] {
  const base = PAIRS[trade.pair as PairSymbol].base;
  // The buyer pays its fee in the base it received, the seller in USDT.
  const takerBuys = trade.taker_side === 'buy';
  return [
    { userId: trade.maker_user_id, fee: trade.maker_fee, ticker: takerBuys ? 'USDT' : base },
    { userId: trade.taker_user_id, fee: trade.taker_fee, ticker: takerBuys ? base : 'USDT' },
  ];
}

/** The users who paid a fee in these trades (whose referrers the commissions need). */
export function feePayers(trades: readonly TradesTable[]): number[] {
  return [...new Set(trades.flatMap((trade) => [trade.maker_user_id, trade.taker_user_id]))];
}

/** One posting per fee whose payer has a referrer and whose share is not zero. */
export function commissionPostings(
  trades: readonly TradesTable[],
  referrerOf: ReferrerOf,
  share: string,
): Posting[] {
  const postings: Posting[] = [];
  const percent = formatShare(share);
  for (const trade of trades) {
    for (const { userId, fee, ticker } of feesOf(trade)) {
      const referrer = referrerOf(userId);
      if (referrer === undefined) throw new Error(`referrer of user ${userId} not loaded`);
      if (referrer === null) continue;
      const amount = feeOf(fee, share);
      if (!/[1-9]/.test(amount)) continue;
      postings.push({
        from: { system: 'fees' },
        to: { user: referrer },
        ticker,
        amount,
        reason: `Referral share of Trade ${trade.id} fee (${percent})`,
      });
    }
  }
  return postings;
}
