/**
 * The price of a card purchase, in exact decimal maths (BigInt, never a float): what the card is
 * charged (the total, in cents), the provider's disclosed fee (`feeRate` of the total plus
 * `feeFixed`, rounded up to the cent), what is left to buy with, and what the account receives at
 * the rate (rounded down to the asset's precision). Given an amount of the asset instead, the
 * total is the smallest whole number of cents that pays for it and its fee.
 */
import { formatDecimal, normalise, parseDecimal } from '../../core/markets/decimal.ts';
import { fromTicks } from '../../core/markets/units.ts';
import type { CardQuote, CardQuoteParams, Ticker } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import { transferDecimals } from '../wallet/transfers.ts';
import type { BuySettings } from './buySettings.ts';

/** The USD cents in a decimal string of at most 2 decimals. */
function cents(text: string): bigint {
  const value = parseDecimal(text);
  if (typeof value === 'string') throw new Error(`not a decimal: ${text}`);
  return value.units * 10n ** BigInt(2 - value.decimals);
}

/** `a / b` rounded up, for positive BigInts. */
function divideUp(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** What the card purchase of `asset` costs at `rate` (USD per unit, a decimal string). */
export function priceCardPurchase(
  params: CardQuoteParams,
  rate: string,
  settings: BuySettings,
): CardQuote {
  const { asset } = params;
  const decimals = transferDecimals(asset);
  const price = parseDecimal(rate);
  if (typeof price === 'string' || price.units <= 0n) throw new Error(`bad rate ${rate}`);
  const feeRate = parseDecimal(settings.feeRate);
  if (typeof feeRate === 'string') throw new Error('bad fee rate');
  const rateScale = 10n ** BigInt(feeRate.decimals);
  const fixed = cents(settings.feeFixed);
  // price = p / 10^pd USD per unit; an amount is a / 10^decimals units; USD is c / 100.
  const priceScale = 10n ** BigInt(price.decimals);
  const unitScale = 10n ** BigInt(decimals);

  let total: bigint;
  let spend: bigint;
  let amount: bigint;
  if (params.usdAmount !== undefined) {
    if (params.amount !== undefined) throw refusal('buy.both');
    const usd = parseDecimal(params.usdAmount);
    if (typeof usd === 'string') throw refusal('buy.usdFormat');
    if (normalise(usd).decimals > 2) throw refusal('buy.usdDecimals');
    total = cents(params.usdAmount);
    checkLimits(total, settings);
    const fee = divideUp(total * feeRate.units, rateScale) + fixed;
    spend = total - fee;
    // Floor: the account never receives more than the spend buys.
    amount = spend <= 0n ? 0n : (spend * unitScale * priceScale) / (price.units * 100n);
    if (amount <= 0n) {
      throw refusal('buy.tooLittle', { usd: formatDecimal(total, 2), asset });
    }
  } else {
    if (params.amount === undefined) throw refusal('buy.neither');
    const wanted = parseDecimal(params.amount);
    if (typeof wanted === 'string') throw refusal('buy.amountFormat');
    const exact = normalise(wanted);
    if (exact.decimals > decimals) {
      throw refusal('wallet.assetDecimals', { ticker: asset, decimals });
    }
    if (exact.units === 0n) throw refusal('wallet.notPositive');
    amount = exact.units * 10n ** BigInt(decimals - exact.decimals);
    spend = divideUp(amount * price.units * 100n, unitScale * priceScale);
    total = divideUp((spend + fixed) * rateScale, rateScale - feeRate.units);
    checkLimits(total, settings);
  }
  return {
    asset,
    rate: formatDecimal(price.units, price.decimals),
    spend: formatDecimal(spend, 2),
    fee: formatDecimal(total - spend, 2),
    total: formatDecimal(total, 2),
    amount: formatDecimal(amount, decimals),
    feeRate: settings.feeRate,
    feeFixed: formatDecimal(fixed, 2),
    minUsd: settings.minUsd,
    maxUsd: settings.maxUsd,
    paymentMinutes: Math.round(settings.expiryMs / 60_000),
    testMode: settings.provider === 'test',
  };
}

function checkLimits(total: bigint, settings: BuySettings): void {
  const group = (text: string) => text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (total < cents(settings.minUsd)) {
    throw refusal('buy.belowMinimum', {
      min: group(settings.minUsd),
      total: formatDecimal(total, 2),
    });
  }
  if (total > cents(settings.maxUsd)) {
    throw refusal('buy.aboveMaximum', {
      max: group(settings.maxUsd),
      total: formatDecimal(total, 2),
    });
  }
}

/**
 * What one unit of `asset` costs by card, in USD: USDT one for one, any other asset the spot
 * market's best ask (what it would cost to buy there now). Refused when nobody sells it.
 */
export function cardRate(market: SpotMarket, asset: Ticker): string {
  if (asset === 'USDT') return '1';
  const pair = `${asset}_USDT` as const;
  const best = market.book(pair).depth(1).asks[0];
  if (best === undefined) {
    throw refusal('buy.notOffered', { asset });
  }
  return fromTicks(pair, best.priceTicks);
}
