/**
 * An offer's terms checked before anything is stored or held: a listed fiat currency, a positive
 * fixed price or a margin of -20 % to 20 % over a reference price that exists, the crypto amount
 * at its asset's precision, per-trade fiat limits that the amount can cover, listed payment
 * methods and one of the payment windows. Each refusal says what to change.
 */
import {
  formatDecimal,
  normalise,
  parseDecimal,
  rescale,
  type ScaledDecimal,
} from '../../core/markets/decimal.ts';
import {
  MARGIN_DECIMALS,
  marginPrice,
  P2P_PRICE_DECIMALS,
  parseSigned,
} from '../../core/markets/marginPrice.ts';
import type { CreateP2pOfferParams } from '../../core/protocol/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import { checkedAmount } from '../wallet/transfers.ts';
import { checkFiat, PAYMENT_METHODS, PAYMENT_WINDOWS } from './catalogue.ts';

/** Most decimals of a fiat amount. */
const FIAT_DECIMALS = 2;

/** Most payment methods one offer lists. */
export const MAX_PAYMENT_METHODS = 5;

/** The largest margin either way, in percent. */
export const MAX_MARGIN_PERCENT = 20n;

/** The terms as stored: every number normalised; one of `price` and `margin` is null. */
export interface OfferTerms {
  fiat: string;
  price: string | null;
  margin: string | null;
  amount: string;
  minFiat: string;
  maxFiat: string;
  paymentMethods: string[];
  paymentWindowMinutes: number;
  terms: string;
}

/** A positive decimal with at most `decimals` decimals; refused by `name` otherwise. */
function positive(name: string, text: string, decimals: number, example: string): ScaledDecimal {
  const parsed = parseDecimal(text);
  if (parsed === 'format') throw new DomainError(`${name} must be a number such as "${example}".`);
  if (parsed === 'digits') throw new DomainError(`${name} has too many digits.`);
  const value = normalise(parsed);
  if (value.units <= 0n) throw new DomainError(`${name} must be greater than zero.`);
  if (value.decimals > decimals) {
    throw new DomainError(`${name} can have at most ${decimals} decimals.`);
  }
  return value;
}

/** a × b compared with c: negative, zero or positive. */
function compareProduct(a: ScaledDecimal, b: ScaledDecimal, c: ScaledDecimal): number {
  const product = { units: a.units * b.units, decimals: a.decimals + b.decimals };
  const decimals = Math.max(product.decimals, c.decimals);
  const left = rescale(product, decimals);
  const right = rescale(c, decimals);
  return left < right ? -1 : left > right ? 1 : 0;
}

const text = (value: ScaledDecimal) => formatDecimal(value.units, value.decimals);

/**
 * The offer's terms, checked and normalised; `reference` is the reference price of its asset in
 * its fiat now (null without a rate), which a margin offer is priced from.
 */
export function checkOfferTerms(
  params: CreateP2pOfferParams,
  reference: string | null,
): OfferTerms {
  checkFiat(params.fiat);
  const { fixed, margin, price } = pricing(params, reference);
  const amountText = checkedAmount(params.asset, params.amount);
  const amount = normalise(parseDecimal(amountText) as ScaledDecimal);
  const minFiat = positive('Minimum per trade', params.minFiat, FIAT_DECIMALS, '50');
  const maxFiat = positive('Maximum per trade', params.maxFiat, FIAT_DECIMALS, '1000');
  if (rescale(minFiat, FIAT_DECIMALS) > rescale(maxFiat, FIAT_DECIMALS)) {
    throw new DomainError('The minimum per trade cannot be above the maximum.');
  }
  if (compareProduct(amount, price, maxFiat) < 0) {
    throw new DomainError(
      `The maximum per trade (${text(maxFiat)} ${params.fiat}) is more than the whole amount is worth at this price; lower it or offer more ${params.asset}.`,
    );
  }
  return {
    fiat: params.fiat,
    price: fixed === null ? null : text(fixed),
    margin,
    amount: amountText,
    minFiat: text(minFiat),
    maxFiat: text(maxFiat),
    paymentMethods: checkPaymentMethods(params.paymentMethods),
    paymentWindowMinutes: checkPaymentWindow(params.paymentWindowMinutes),
    terms: params.terms ?? '',
  };
}

/**
 * The fixed price, or the margin (as stored) and the price it gives now. One of the two, never
 * both: a margin needs a reference rate for the fiat.
 */
function pricing(
  params: CreateP2pOfferParams,
  reference: string | null,
): { fixed: ScaledDecimal | null; margin: string | null; price: ScaledDecimal } {
  if ((params.price === undefined) === (params.margin === undefined)) {
    throw new DomainError('Give either a fixed price or a margin over the market price.');
  }
  if (params.price !== undefined) {
    const fixed = positive('Price', params.price, P2P_PRICE_DECIMALS, '65000.5');
    return { fixed, margin: null, price: fixed };
  }
  const margin = checkMargin(params.margin ?? '');
  if (reference === null) {
    throw new DomainError(
      `There is no reference rate for ${params.fiat} yet, so a margin cannot be priced: set a fixed price.`,
    );
  }
  const price = marginPrice(normalise(parseDecimal(reference) as ScaledDecimal), margin);
  if (price.units <= 0n) throw new DomainError('That margin leaves no price: choose a larger one.');
  return { fixed: null, margin: text(margin), price };
}

/** A margin in percent: -20 to 20, at most 2 decimals. */
function checkMargin(input: string): ScaledDecimal {
  const value = parseSigned(input);
  if (value === null) {
    throw new DomainError('The margin must be a percentage such as "2.5" or "-1".');
  }
  if (value.decimals > MARGIN_DECIMALS) {
    throw new DomainError(`The margin can have at most ${MARGIN_DECIMALS} decimals.`);
  }
  const size = rescale(value, MARGIN_DECIMALS);
  if (size > MAX_MARGIN_PERCENT * 100n || -size > MAX_MARGIN_PERCENT * 100n) {
    throw new DomainError(
      `The margin must be between -${MAX_MARGIN_PERCENT} and ${MAX_MARGIN_PERCENT} percent.`,
    );
  }
  return value;
}

function checkPaymentMethods(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new DomainError('Choose at least one payment method.');
  if (unique.length > MAX_PAYMENT_METHODS) {
    throw new DomainError(`Choose at most ${MAX_PAYMENT_METHODS} payment methods.`);
  }
  const unknown = unique.find((id) => !PAYMENT_METHODS.some((method) => method.id === id));
  if (unknown !== undefined) {
    throw new DomainError(
      `"${unknown.slice(0, 40)}" is not a listed payment method: choose from ${PAYMENT_METHODS.map((m) => m.name).join(', ')}.`,
    );
  }
  return unique;
}

function checkPaymentWindow(minutes: number): number {
  if (!(PAYMENT_WINDOWS as readonly number[]).includes(minutes)) {
    const choices = `${PAYMENT_WINDOWS.slice(0, -1).join(', ')} or ${PAYMENT_WINDOWS.at(-1)}`;
    throw new DomainError(`The payment window must be ${choices} minutes.`);
  }
  return minutes;
}
