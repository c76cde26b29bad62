/**
 * Exact conversion between what a person types (decimal strings) and what the engine counts:
 * prices in ticks, amounts in lots, totals in notional units (ticks × lots). BigInt string maths
 * only: a float would turn "0.3" into 0.29999999999999998890 and a tick into a near-miss.
 */
import { type ErrorCode, type ErrorReport, refusalOf } from '../errors/index.ts';
import { formatDecimal, normalise, parseDecimal, rescale } from './decimal.ts';
import { PAIRS, type PairSpec, type PairSymbol } from './pairs.ts';

/** The order-form field a value belongs to; it names the field in error messages. */
export type UnitField = 'price' | 'stopPrice' | 'amount' | 'total';

/** What is wrong with a value: its shape, its length, zero, off the step, or out of bounds. */
export type UnitProblem = 'format' | 'digits' | 'zero' | 'step' | 'max' | 'min';

/** A value a person typed that cannot be used: a catalogued refusal naming its field. */
export class UnitError extends Error implements ErrorReport {
  override name = 'UnitError';
  readonly code: ErrorCode;
  readonly param: UnitField;

  constructor(
    readonly field: UnitField,
    readonly problem: UnitProblem,
    refusal: ErrorReport,
  ) {
    super(refusal.message);
    this.code = refusal.code;
    this.param = field;
  }
}

const LABELS: Readonly<Record<UnitField, string>> = {
  price: 'Price',
  stopPrice: 'Stop price',
  amount: 'Amount',
  total: 'Total',
};

const EXAMPLES: Readonly<Record<UnitField, string>> = {
  price: '65000.5',
  stopPrice: '64000',
  amount: '0.5',
  total: '100',
};

/**
 * One field's step (as an integer at some decimals), its bound and how to word a miss (worded
 * only on a miss: formatting every order's numbers must not build refusals it never gives).
 */
interface Scale {
  units: bigint;
  decimals: number;
  max: number;
  tooManyDecimals: () => ErrorReport;
  notMultiple: () => ErrorReport;
}

function specOf(pair: PairSpec | PairSymbol): PairSpec {
  return typeof pair === 'string' ? PAIRS[pair] : pair;
}

/** Each pair's scales, made once per field: every order's numbers go through them. */
const scales = new WeakMap<PairSpec, Partial<Record<UnitField, Scale>>>();

function scaleOf(spec: PairSpec, field: UnitField): Scale {
  let known = scales.get(spec);
  if (known === undefined) {
    known = {};
    scales.set(spec, known);
  }
  known[field] ??= makeScale(spec, field);
  return known[field];
}

function makeScale(spec: PairSpec, field: UnitField): Scale {
  const label = LABELS[field];
  if (field === 'amount') {
    return {
      units: spec.lotUnits,
      decimals: spec.amountDecimals,
      max: spec.maxLots,
      tooManyDecimals: () => refusalOf('order.lotDecimals', { label, lotSize: spec.lotSize }),
      notMultiple: () => refusalOf('order.offLot', { label, lotSize: spec.lotSize }),
    };
  }
  if (field === 'total') {
    const message = () =>
      refusalOf('order.totalDecimals', { label, pair: spec.symbol, decimals: spec.valueDecimals });
    return {
      units: spec.tickUnits * spec.lotUnits,
      decimals: spec.valueDecimals,
      max: spec.maxNotional,
      tooManyDecimals: message,
      notMultiple: message,
    };
  }
  const multiple = () => refusalOf('order.offTick', { label, tickSize: spec.tickSize });
  return {
    units: spec.tickUnits,
    decimals: spec.priceDecimals,
    max: spec.maxPriceTicks,
    tooManyDecimals: multiple,
    notMultiple: multiple,
  };
}

function toSteps(spec: PairSpec, text: string, field: UnitField): number {
  const label = LABELS[field];
  const parsed = parseDecimal(text);
  if (parsed === 'format') {
    const example = EXAMPLES[field];
    throw new UnitError(field, 'format', refusalOf('order.notDecimal', { label, example }));
  }
  if (parsed === 'digits') {
    throw new UnitError(field, 'digits', refusalOf('order.tooManyDigits', { label }));
  }
  if (parsed.units === 0n) {
    throw new UnitError(field, 'zero', refusalOf('order.notPositive', { label }));
  }
  const scale = scaleOf(spec, field);
  const value = normalise(parsed);
  if (value.decimals > scale.decimals) throw new UnitError(field, 'step', scale.tooManyDecimals());
  const units = rescale(value, scale.decimals);
  if (units % scale.units !== 0n) throw new UnitError(field, 'step', scale.notMultiple());
  const steps = units / scale.units;
  if (steps > BigInt(scale.max)) {
    const max = fromSteps(spec, scale.max, field);
    throw new UnitError(field, 'max', refusalOf('order.aboveMax', { label, max }));
  }
  return Number(steps);
}

function fromSteps(spec: PairSpec, steps: number, field: UnitField): string {
  if (!Number.isSafeInteger(steps) || steps < 0) {
    throw new RangeError(`${LABELS[field]} steps must be a whole number, got ${steps}`);
  }
  const scale = scaleOf(spec, field);
  return formatDecimal(BigInt(steps) * scale.units, scale.decimals);
}

/** A price such as "65000.01" in ticks; UnitError when it is malformed, zero, off-tick or too high. */
export function toTicks(
  pair: PairSpec | PairSymbol,
  price: string,
  field: 'price' | 'stopPrice' = 'price',
): number {
  return toSteps(specOf(pair), price, field);
}

/** An amount of the base such as "0.5" in lots; UnitError when it cannot be one. */
export function toLots(pair: PairSpec | PairSymbol, amount: string): number {
  return toSteps(specOf(pair), amount, 'amount');
}

/** A total in USDT such as "100" in notional units (ticks × lots); UnitError when it cannot be one. */
export function toNotional(pair: PairSpec | PairSymbol, total: string): number {
  return toSteps(specOf(pair), total, 'total');
}

/** A price in ticks as a decimal string without trailing zeros ("65000.1"). */
export function fromTicks(pair: PairSpec | PairSymbol, ticks: number): string {
  return fromSteps(specOf(pair), ticks, 'price');
}

/** An amount in lots as a decimal string of the base without trailing zeros. */
export function fromLots(pair: PairSpec | PairSymbol, lots: number): string {
  return fromSteps(specOf(pair), lots, 'amount');
}

/** A notional (ticks × lots) as a decimal string of USDT without trailing zeros. */
export function fromNotional(pair: PairSpec | PairSymbol, notional: number): string {
  return fromSteps(specOf(pair), notional, 'total');
}

/** Throws UnitError (field `total`) when price × amount is below the pair's minimum order value. */
export function checkMinValue(pair: PairSpec | PairSymbol, priceTicks: number, lots: number): void {
  const spec = specOf(pair);
  if (priceTicks * lots < spec.minNotional) {
    const refusal = refusalOf('order.belowMinValue', { min: spec.minValue });
    throw new UnitError('total', 'min', refusal);
  }
}
