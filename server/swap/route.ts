/**
 * A swap's route priced against order books: pure, no I/O. A quote walks the books' depth for
 * the amount (selling the source into its bids, buying the target from its asks with what that
 * delivered), fixing each leg's lots and worst price; the same legs are evaluated again against
 * the books of the moment when the quote is accepted. Amounts are exact decimals: the fee of a
 * leg's total equals the sum of its trades' fees, since a rate of at most 6 decimals (the
 * configuration's limit) times an amount of at most 7 never needs rounding at the ledger's 18.
 */
import { formatDecimal, parseDecimal, rescale } from '../../core/markets/decimal.ts';
import { feeOf } from '../../core/markets/fees.ts';
import { PAIRS, type PairSpec, type PairSymbol } from '../../core/markets/pairs.ts';
import { swapStep } from '../../core/markets/swapSteps.ts';
import { fromLots, fromNotional, toLots, UnitError } from '../../core/markets/units.ts';
import { QUOTE, type Ticker } from '../../core/protocol/index.ts';
import type { SwapLeg } from '../../core/protocol/swap.ts';
import { refusal } from '../errors/DomainError.ts';
import type { DepthLevel } from '../trading/engine/index.ts';
import type { GroupLeg, Money } from '../trading/OrderGroup.ts';
import type { PlannedLeg } from './SwapsTable.ts';

/** One side of a pair's book, best price first. */
export type BookLevels = (pair: PairSymbol, side: 'bids' | 'asks') => readonly DepthLevel[];

/** A leg with what it fills to against a book. */
export interface PricedLeg extends PlannedLeg {
  notional: number;
  spends: Money;
  receives: Money;
  fee: string;
}

/** What a route gives against the books: its legs, the amount received and the USDT left. */
export interface Outcome {
  legs: PricedLeg[];
  received: string;
  remainder: string;
}

const SCALE = 18;

function scaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, SCALE);
}

const minus = (a: string, b: string) => formatDecimal(scaled(a) - scaled(b), SCALE);

/** The route's currencies in order. */
export function routeOf(from: Ticker, to: Ticker): Ticker[] {
  return from === QUOTE || to === QUOTE ? [from, to] : [from, QUOTE, to];
}

/**
 * Checks a swap request's currencies and amount, with the message a person can act on: two
 * different currencies, a positive amount on the source's swap step.
 */
export function checkRequest(from: Ticker, to: Ticker, amount: string): void {
  if (from === to) throw refusal('swap.sameCurrency');
  const parsed = parseDecimal(amount);
  if (parsed === 'format') throw refusal('swap.amountFormat');
  if (parsed === 'digits') throw refusal('swap.amountDigits');
  if (parsed.units === 0n) throw refusal('swap.zeroAmount');
  const step = parseDecimal(swapStep(from));
  if (typeof step === 'string') throw new Error('bad swap step');
  const decimals = Math.max(parsed.decimals, step.decimals);
  if (rescale(parsed, decimals) % rescale(step, decimals) !== 0n) {
    throw refusal('swap.overPrecise', { ticker: from, step: swapStep(from) });
  }
}

/** Fills `lots` against one side within `limitTicks`: the notional, or null if it cannot. */
function fill(levels: readonly DepthLevel[], side: 'buy' | 'sell', lots: number, limit: number) {
  let left = lots;
  let notional = 0;
  for (const level of levels) {
    if (side === 'sell' ? level.priceTicks < limit : level.priceTicks > limit) break;
    const take = Math.min(left, level.lots);
    notional += take * level.priceTicks;
    left -= take;
    if (left === 0) return notional;
  }
  return null;
}

/**
 * Prices fixed legs against the books: null when a leg cannot fill within its limit, or a buy
 * would cost more than the USDT the swap brings to it.
 */
export function evaluate(
  legs: readonly PlannedLeg[],
  from: Ticker,
  amount: string,
  books: BookLevels,
  takerFee: string,
): Outcome | null {
  const priced: PricedLeg[] = [];
  let usdt = from === QUOTE ? amount : '0';
  for (const leg of legs) {
    const spec = PAIRS[leg.pair];
    const notional = fill(
      books(leg.pair, leg.side === 'sell' ? 'bids' : 'asks'),
      leg.side,
      leg.lots,
      leg.limitTicks,
    );
    if (notional === null) return null;
    const base = fromLots(spec, leg.lots);
    const value = fromNotional(spec, notional);
    const fee = feeOf(leg.side === 'sell' ? value : base, takerFee);
    const money: Pick<PricedLeg, 'spends' | 'receives'> =
      leg.side === 'sell'
        ? {
            spends: { ticker: spec.base, amount: base },
            receives: { ticker: QUOTE, amount: minus(value, fee) },
          }
        : {
            spends: { ticker: QUOTE, amount: value },
            receives: { ticker: spec.base, amount: minus(base, fee) },
          };
    // A buy costing more than the USDT the swap brings would spend the account's other USDT.
    if (leg.side === 'buy' && scaled(value) > scaled(usdt)) return null;
    usdt = leg.side === 'sell' ? money.receives.amount : minus(usdt, value);
    priced.push({ ...leg, notional, fee, ...money });
  }
  const last = priced.at(-1);
  if (last === undefined) return null;
  const toUsdt = last.receives.ticker === QUOTE;
  return { legs: priced, received: last.receives.amount, remainder: toUsdt ? '0' : usdt };
}

/** What a quote fixes: the legs to place, and the outcome they give against the quoted books. */
export interface Plan extends Outcome {
  priceImpact: string;
}

/**
 * Plans a swap of `amount` of `from` into `to` against the books: DomainError when the amount is
 * below a pair's minimum order value or more than the books can fill.
 */
export function plan(
  from: Ticker,
  to: Ticker,
  amount: string,
  books: BookLevels,
  takerFee: string,
): Plan {
  checkRequest(from, to, amount);
  const legs: PlannedLeg[] = [];
  let usdt = amount;
  if (from !== QUOTE) {
    const spec = PAIRS[`${from}_${QUOTE}` as PairSymbol];
    const leg = sellLeg(spec, amount, books(spec.symbol, 'bids'));
    legs.push(leg);
    const outcome = evaluate(legs, from, amount, books, takerFee);
    if (outcome === null) throw new Error('a planned sell leg cannot fill');
    usdt = outcome.received;
  }
  if (to !== QUOTE) {
    const spec = PAIRS[`${to}_${QUOTE}` as PairSymbol];
    legs.push(buyLeg(spec, usdt, books(spec.symbol, 'asks')));
  }
  const outcome = evaluate(legs, from, amount, books, takerFee);
  if (outcome === null) throw new Error('planned legs cannot fill');
  return { ...outcome, priceImpact: priceImpact(outcome.legs, books) };
}

function sellLeg(spec: PairSpec, amount: string, bids: readonly DepthLevel[]): PlannedLeg {
  let lots: number;
  try {
    lots = toLots(spec, amount);
  } catch (error) {
    if (error instanceof UnitError && error.problem === 'max') {
      throw refusal('swap.tooLargeToSell', {
        most: `${fromLots(spec, spec.maxLots)} ${spec.base}`,
      });
    }
    throw error;
  }
  let left = lots;
  let worst = 0;
  for (const level of bids) {
    worst = level.priceTicks;
    left -= Math.min(left, level.lots);
    if (left === 0) break;
  }
  if (left > 0) {
    const most = bids.reduce((sum, level) => sum + level.lots, 0);
    if (most === 0) throw refusal('swap.noLiquidity');
    throw refusal('swap.tooLargeToSell', { most: `${fromLots(spec, most)} ${spec.base}` });
  }
  if (worst * lots < spec.minNotional)
    throw refusal('swap.belowMinimum', { minValue: spec.minValue });
  return { pair: spec.symbol, side: 'sell', lots, limitTicks: worst };
}

/** Buys as many whole lots as `usdt` pays for, best price first. */
function buyLeg(spec: PairSpec, usdt: string, asks: readonly DepthLevel[]): PlannedLeg {
  // The budget in the pair's notional units, rounded down: what cannot buy a unit stays USDT.
  let budget = scaled(usdt) / 10n ** BigInt(SCALE - spec.valueDecimals);
  let lots = 0;
  let worst = 0;
  let exhausted = true;
  for (const level of asks) {
    const price = BigInt(level.priceTicks);
    const affordable = budget / price;
    const take = affordable < BigInt(level.lots) ? Number(affordable) : level.lots;
    if (take > 0) worst = level.priceTicks;
    lots += take;
    budget -= BigInt(take) * price;
    if (take < level.lots) {
      exhausted = false;
      break;
    }
  }
  if (exhausted && lots > 0 && budget >= BigInt(worst)) {
    const most = asks.reduce((sum, level) => sum + level.lots, 0);
    throw refusal('swap.tooLargeToBuy', { most: `${fromLots(spec, most)} ${spec.base}` });
  }
  if (lots === 0 && asks.length === 0) throw refusal('swap.noLiquidity');
  if (lots === 0 || worst * lots < spec.minNotional) {
    throw refusal('swap.belowMinimum', { minValue: spec.minValue });
  }
  if (lots > spec.maxLots) {
    throw refusal('swap.tooLargeToSell', { most: `${fromLots(spec, spec.maxLots)} ${spec.base}` });
  }
  return { pair: spec.symbol, side: 'buy', lots, limitTicks: worst };
}

/**
 * How much worse the route fills than its best prices alone would: 1 − Π(average/best for a
 * sell, best/average for a buy), in percent with two decimals, rounded up.
 */
function priceImpact(legs: readonly PricedLeg[], books: BookLevels): string {
  let numerator = 1n;
  let denominator = 1n;
  for (const leg of legs) {
    const best = books(leg.pair, leg.side === 'sell' ? 'bids' : 'asks')[0]?.priceTicks ?? 0;
    // average = notional / lots (in ticks)
    const average = [BigInt(leg.notional), BigInt(leg.lots)] as const;
    if (leg.side === 'sell') {
      numerator *= average[0];
      denominator *= average[1] * BigInt(best);
    } else {
      numerator *= BigInt(best) * average[1];
      denominator *= average[0];
    }
  }
  if (denominator === 0n) return '0';
  const kept = (numerator * 10_000n) / denominator;
  const basisPoints = kept >= 10_000n ? 0n : 10_000n - kept;
  return formatDecimal(basisPoints, 2);
}

/** A priced leg on the wire. */
export function legOnWire(leg: PricedLeg): SwapLeg {
  const spec = PAIRS[leg.pair];
  const averageUnits = (BigInt(leg.notional) * 10_000n * spec.tickUnits) / BigInt(leg.lots);
  return {
    pair: leg.pair,
    side: leg.side,
    amount: fromLots(spec, leg.lots),
    limitPrice: formatDecimal(BigInt(leg.limitTicks) * spec.tickUnits, spec.priceDecimals),
    averagePrice: formatDecimal(averageUnits, spec.priceDecimals + 4),
    fee: leg.fee,
    feeTicker: leg.receives.ticker,
  };
}

/** The legs as the market places them, with client order ids from the quote's id. */
export function groupLegs(quoteId: number, legs: readonly PricedLeg[]): GroupLeg[] {
  return legs.map((leg, index) => ({
    pair: leg.pair,
    side: leg.side,
    lots: leg.lots,
    limitTicks: leg.limitTicks,
    clientOrderId: swapClientOrderId(quoteId, index),
    spends: leg.spends,
    receives: leg.receives,
  }));
}

/** The client order id of a quote's leg: fills once per quote however often it is accepted. */
export function swapClientOrderId(quoteId: number, index: number): string {
  // A colon, which the API refuses in a client order id, so no order of one's own can take it.
  return `swap:${quoteId}:${index + 1}`;
}

/** `to` per unit of `from`, rounded down to 10 decimals. */
export function rateOf(amount: string, received: string): string {
  const units = (scaled(received) * 10n ** 10n) / scaled(amount);
  return formatDecimal(units, 10);
}

/** Whether `a` is at least `b` (decimal strings). */
export function atLeast(a: string, b: string): boolean {
  return scaled(a) >= scaled(b);
}
