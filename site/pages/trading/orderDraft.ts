/**
 * The order form's rules, free of React: what a draft means as `orders.place` parameters, every
 * reason it cannot be placed (in words, per field), the share-of-balance buttons and the fee
 * preview. Prices, amounts and totals are checked with core's unit rules (ticks, lots, the
 * minimum value), balances with exact decimals.
 */
import {
  checkMinValue,
  errorText,
  type OrderSide,
  PAIRS,
  type PairSymbol,
  type PlaceOrderParams,
  toLots,
  toNotional,
  toTicks,
  UnitError,
} from '../../../core/index.ts';
import { compare, divide, exact, floorTo, text, times, unitsAt } from './exact.ts';

/** The order types the form offers (stop-market is left to the API). */
export type FormOrderType = 'limit' | 'market' | 'stopLimit';

/** Whether the size is typed as an amount of the base or a total in USDT. */
export type SizeMode = 'amount' | 'total';

/** What the person has typed, as typed. */
export interface OrderDraft {
  side: OrderSide;
  type: FormOrderType;
  price: string;
  stopPrice: string;
  amount: string;
  total: string;
  by: SizeMode;
}

/** The fields a message can belong to; `form` is for the order as a whole. */
export type DraftField = 'price' | 'stopPrice' | 'amount' | 'total' | 'form';

/** What the account can spend now (decimal strings), or null while unknown (signed out). */
export interface Available {
  base: string | null;
  quote: string | null;
}

/** The pair's fee rates as fractions ("0.001" is 0.1 %). */
export interface FeeRates {
  maker: string;
  taker: string;
}

/** The draft as parameters, or why it cannot be placed. */
export type DraftCheck =
  | { ok: true; params: PlaceOrderParams }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

/** An empty draft. */
export function emptyDraft(side: OrderSide = 'buy'): OrderDraft {
  return { side, type: 'limit', price: '', stopPrice: '', amount: '', total: '', by: 'amount' };
}

/** Whether the size may be given as a total: always, except a market sell (sold by amount). */
export function allowsTotal(draft: Pick<OrderDraft, 'side' | 'type'>): boolean {
  return !(draft.type === 'market' && draft.side === 'sell');
}

/** Whether the draft has a limit price field. */
export function hasPrice(type: FormOrderType): boolean {
  return type !== 'market';
}

function attempt<T>(
  errors: Partial<Record<DraftField, string>>,
  field: DraftField,
  run: () => T,
): T | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof UnitError) {
      errors[field] = error.message;
      return null;
    }
    throw error;
  }
}

/**
 * The amount a total buys or sells at `price`, rounded down to the lot: what a limit order given
 * by total places. Null when either is not a usable decimal.
 */
export function amountForTotal(pair: PairSymbol, total: string, price: string): string | null {
  const spec = PAIRS[pair];
  const spend = exact(total);
  const at = exact(price);
  if (spend === null || at === null) return null;
  const units = divide(spend, at, spec.amountDecimals);
  if (units === null) return null;
  return text({ units: floorTo(units, spec.lotUnits), decimals: spec.amountDecimals });
}

/** price × amount in USDT, exactly, or null when either is not a usable decimal. */
export function totalFor(price: string, amount: string): string | null {
  const at = exact(price);
  const size = exact(amount);
  return at === null || size === null ? null : text(times(at, size));
}

/** Checks a draft against the pair's steps, its minimum value and the available balances. */
export function checkDraft(pair: PairSymbol, draft: OrderDraft, available: Available): DraftCheck {
  const spec = PAIRS[pair];
  const errors: Partial<Record<DraftField, string>> = {};
  const params: PlaceOrderParams = { pair, side: draft.side, type: draft.type };
  const byTotal = draft.by === 'total' && allowsTotal(draft);

  let ticks: number | null = null;
  if (hasPrice(draft.type)) {
    ticks = attempt(errors, 'price', () => toTicks(spec, draft.price.trim()));
    if (ticks !== null) params.price = draft.price.trim();
  }
  if (draft.type === 'stopLimit') {
    const stop = attempt(errors, 'stopPrice', () =>
      toTicks(spec, draft.stopPrice.trim(), 'stopPrice'),
    );
    if (stop !== null) params.stopPrice = draft.stopPrice.trim();
  }

  let lots: number | null = null;
  if (byTotal && draft.type === 'market') {
    // A market buy given by total spends up to it.
    const notional = attempt(errors, 'total', () => toNotional(spec, draft.total.trim()));
    if (notional !== null) {
      params.total = draft.total.trim();
      if (notional < spec.minNotional) {
        errors.total = errorText('order.belowMinValue', { min: spec.minValue });
      }
    }
  } else if (byTotal) {
    const total = draft.total.trim();
    if (attempt(errors, 'total', () => toNotional(spec, total)) !== null && params.price) {
      const amount = amountForTotal(pair, total, params.price);
      if (amount === null || amount === '0') {
        errors.total = errorText('order.totalBelowLot', { lotSize: spec.lotSize, base: spec.base });
      } else {
        lots = toLots(spec, amount);
        params.amount = amount;
      }
    }
  } else {
    lots = attempt(errors, 'amount', () => toLots(spec, draft.amount.trim()));
    if (lots !== null) params.amount = draft.amount.trim();
  }

  if (ticks !== null && lots !== null) {
    attempt(errors, byTotal ? 'total' : 'amount', () => checkMinValue(spec, ticks, lots));
  }
  checkBalance(pair, draft, params, available, errors);

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, params };
}

function checkBalance(
  pair: PairSymbol,
  draft: OrderDraft,
  params: PlaceOrderParams,
  available: Available,
  errors: Partial<Record<DraftField, string>>,
): void {
  const spec = PAIRS[pair];
  const field: DraftField = draft.by === 'total' && allowsTotal(draft) ? 'total' : 'amount';
  if (errors[field] !== undefined) return;
  if (draft.side === 'sell') {
    const have = available.base === null ? null : exact(available.base);
    const want = params.amount === undefined ? null : exact(params.amount);
    if (have !== null && want !== null && compare(want, have) > 0) {
      const amount = available.base ?? '0';
      errors[field] = errorText('order.notEnoughAvailable', { amount, ticker: spec.base });
    }
    return;
  }
  const have = available.quote === null ? null : exact(available.quote);
  if (have === null) return;
  // A limit buy holds price × amount; a market buy by total holds the total. A market buy by
  // amount has no price to check before the book answers: the server does.
  const cost =
    params.total !== undefined
      ? exact(params.total)
      : params.price !== undefined && params.amount !== undefined
        ? exact(totalFor(params.price, params.amount) ?? '')
        : null;
  if (cost !== null && compare(cost, have) > 0) {
    const amount = available.quote ?? '0';
    errors[field] = errorText('order.notEnoughAvailable', { amount, ticker: spec.quote });
  }
}

/** What a share-of-balance button sets: the amount, or the total (a market buy), or a reason. */
export type ShareResult =
  | { field: 'amount' | 'total'; value: string }
  | { field: 'form'; message: string };

/**
 * `percent` % of the available balance as the draft's size: a sell's amount of the base, a limit
 * buy's amount at its price, a market buy's total, each rounded down to its step.
 */
export function shareOfBalance(
  pair: PairSymbol,
  draft: OrderDraft,
  available: Available,
  percent: number,
): ShareResult {
  const spec = PAIRS[pair];
  const share = { units: BigInt(percent), decimals: 2 };
  if (draft.side === 'sell') {
    const have = exact(available.base ?? '');
    if (have === null) {
      return { field: 'form', message: errorText('order.balanceUnknown', { ticker: spec.base }) };
    }
    const units = unitsAt(times(have, share), spec.amountDecimals, 'down');
    return {
      field: 'amount',
      value: text({ units: floorTo(units, spec.lotUnits), decimals: spec.amountDecimals }),
    };
  }
  const have = exact(available.quote ?? '');
  if (have === null) {
    return { field: 'form', message: errorText('order.balanceUnknown', { ticker: spec.quote }) };
  }
  const spend = times(have, share);
  if (draft.type === 'market') {
    const units = unitsAt(spend, spec.valueDecimals, 'down');
    const step = spec.tickUnits * spec.lotUnits;
    return {
      field: 'total',
      value: text({ units: floorTo(units, step), decimals: spec.valueDecimals }),
    };
  }
  const price = exact(draft.price.trim());
  if (price === null || price.units === 0n) {
    return { field: 'form', message: errorText('order.priceFirst') };
  }
  const amount = amountForTotal(pair, text(spend), text(price));
  return { field: 'amount', value: amount ?? '0' };
}

/** The fee a draft would pay: its rate, the amount when it can be known, and its currency. */
export interface FeePreview {
  /** The highest rate the order may pay, in percent ("0.1"). */
  percent: string;
  /** Whether the order may be a maker (a resting limit) or always takes (market). */
  role: 'maker or taker' | 'taker';
  /** The fee at that rate, when price and amount are known; null otherwise. */
  amount: string | null;
  /** What the fee is paid in: what the side receives. */
  ticker: string;
}

/** The fee preview of a draft (a buy pays in the base it receives, a sell in USDT). */
export function previewFee(
  pair: PairSymbol,
  draft: OrderDraft,
  rates: FeeRates,
): FeePreview | null {
  const spec = PAIRS[pair];
  const maker = exact(rates.maker);
  const taker = exact(rates.taker);
  if (maker === null || taker === null) return null;
  const takes = draft.type === 'market';
  const rate = takes || compare(taker, maker) >= 0 ? taker : maker;
  const percent = text(times(rate, { units: 100n, decimals: 0 }));
  const ticker = draft.side === 'buy' ? spec.base : spec.quote;
  const role = takes ? 'taker' : 'maker or taker';
  const byTotal = draft.by === 'total' && allowsTotal(draft);
  const amount = byTotal
    ? draft.type === 'market'
      ? null
      : amountForTotal(pair, draft.total.trim(), draft.price.trim())
    : exact(draft.amount.trim()) === null
      ? null
      : draft.amount.trim();
  if (amount === null) return { percent, role, amount: null, ticker };
  if (draft.side === 'buy') {
    return {
      percent,
      role,
      amount: text(times(exact(amount) ?? { units: 0n, decimals: 0 }, rate)),
      ticker,
    };
  }
  if (draft.type === 'market') return { percent, role, amount: null, ticker };
  const value = totalFor(draft.price.trim(), amount);
  const fee = value === null ? null : times(exact(value) ?? { units: 0n, decimals: 0 }, rate);
  return { percent, role, amount: fee === null ? null : text(fee), ticker };
}

/** What each section of the order form gets: the ids' prefix, the pair, the draft, its errors and how to change it. */
export interface OrderSectionProps {
  id: string;
  pair: PairSymbol;
  draft: OrderDraft;
  errors: Partial<Record<DraftField, string>>;
  update(change: Partial<OrderDraft>): void;
}
