/**
 * An offer's terms checked before anything is stored or held: a listed fiat currency, a positive
 * fixed price or a margin of -20 % to 20 % over a reference price that exists, the crypto amount
 * at its asset's precision, per-trade fiat limits that the amount can cover, listed payment
 * methods and one of the payment windows. Each refusal says what to change.
 */

import { type ErrorReport, refusalOf } from '../../core/errors/index.ts';
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
import { DomainError, refusal } from '../errors/DomainError.ts';
import { checkedAmount } from '../wallet/transfers.ts';
import { checkFiat, PAYMENT_METHODS, PAYMENT_WINDOWS } from './catalogue.ts';

/** Most decimals of a fiat amount. */
const FIAT_DECIMALS = 2;

const MIN_FIAT: Field = {
  param: 'minFiat',
  label: 'Minimum per trade',
  decimals: FIAT_DECIMALS,
  example: '50',
};
const MAX_FIAT: Field = {
  param: 'maxFiat',
  label: 'Maximum per trade',
  decimals: FIAT_DECIMALS,
  example: '1000',
};
const PRICE: Field = {
  param: 'price',
  label: 'Price',
  decimals: P2P_PRICE_DECIMALS,
  example: '65000.5',
};

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

/** A number of the terms: the parameter it is read from and its name in a refusal. */
interface Field {
  param: 'price' | 'minFiat' | 'maxFiat';
  label: string;
  decimals: number;
  example: string;
}

/** `refused` about the field it names. */
function about(field: Field, refused: ErrorReport): DomainError {
  return new DomainError({ ...refused, param: field.param });
}

/** A positive decimal with at most `decimals` decimals; refused naming `field` otherwise. */
function positive(field: Field, text: string): ScaledDecimal {
  const { label, decimals, example } = field;
  const parsed = parseDecimal(text);
  if (parsed === 'format') throw about(field, refusalOf('offer.numberFormat', { label, example }));
  if (parsed === 'digits') throw about(field, refusalOf('offer.tooManyDigits', { label }));
  const value = normalise(parsed);
  if (value.units <= 0n) throw about(field, refusalOf('offer.notPositive', { label }));
  if (value.decimals > decimals) {
    throw about(field, refusalOf('offer.tooManyDecimals', { label, decimals }));
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
  const minFiat = positive(MIN_FIAT, params.minFiat);
  const maxFiat = positive(MAX_FIAT, params.maxFiat);
  if (rescale(minFiat, FIAT_DECIMALS) > rescale(maxFiat, FIAT_DECIMALS)) {
    throw refusal('offer.minAboveMax');
  }
  if (compareProduct(amount, price, maxFiat) < 0) {
    throw refusal('offer.maxAboveAmount', {
      max: text(maxFiat),
      fiat: params.fiat,
      asset: params.asset,
    });
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
    throw refusal('offer.priceOrMargin');
  }
  if (params.price !== undefined) {
    const fixed = positive(PRICE, params.price);
    return { fixed, margin: null, price: fixed };
  }
  const margin = checkMargin(params.margin ?? '');
  if (reference === null) {
    throw refusal('offer.noReferenceRate', { fiat: params.fiat });
  }
  const price = marginPrice(normalise(parseDecimal(reference) as ScaledDecimal), margin);
  if (price.units <= 0n) throw refusal('offer.marginLeavesNoPrice');
  return { fixed: null, margin: text(margin), price };
}

/** A margin in percent: -20 to 20, at most 2 decimals. */
function checkMargin(input: string): ScaledDecimal {
  const value = parseSigned(input);
  if (value === null) throw refusal('offer.marginFormat');
  if (value.decimals > MARGIN_DECIMALS) {
    throw refusal('offer.marginDecimals', { decimals: MARGIN_DECIMALS });
  }
  const size = rescale(value, MARGIN_DECIMALS);
  if (size > MAX_MARGIN_PERCENT * 100n || -size > MAX_MARGIN_PERCENT * 100n) {
    throw refusal('offer.marginRange', { max: MAX_MARGIN_PERCENT });
  }
  return value;
}

function checkPaymentMethods(ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw refusal('offer.noPaymentMethod');
  if (unique.length > MAX_PAYMENT_METHODS) {
    throw refusal('offer.tooManyPaymentMethods', { max: MAX_PAYMENT_METHODS });
  }
  const unknown = unique.find((id) => !PAYMENT_METHODS.some((method) => method.id === id));
  if (unknown !== undefined) {
    throw refusal('offer.unlistedPaymentMethod', {
      method: unknown.slice(0, 40),
      methods: PAYMENT_METHODS.map((m) => m.name).join(', '),
    });
  }
  return unique;
}

function checkPaymentWindow(minutes: number): number {
  if (!(PAYMENT_WINDOWS as readonly number[]).includes(minutes)) {
    const choices = `${PAYMENT_WINDOWS.slice(0, -1).join(', ')} or ${PAYMENT_WINDOWS.at(-1)}`;
    throw refusal('offer.paymentWindow', { choices });
  }
  return minutes;
}
