/**
 * The trading methods' parameters: a pair by symbol, decimal strings for prices and amounts
 * (never JavaScript numbers, which cannot hold 0.1 exactly), and the step from what a person
 * writes to the engine's ticks and lots, with a message that names the field.
 */
import { z } from 'zod';
import type { ErrorCode } from '../../core/errors/index.ts';
import { isPairSymbol, PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { checkMinValue, toLots, toNotional, toTicks, UnitError } from '../../core/markets/units.ts';
import type { PlaceOrderParams } from '../../core/protocol/index.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import { pattern } from '../http/fields.ts';
import type { OrderDraft } from './Command.ts';

/** A pair symbol such as BTC_USDT, refused with the list of pairs. */
export function pairField() {
  return z
    .string()
    .superRefine((text, ctx) => {
      if (isPairSymbol(text)) return;
      const problem = `must be one of ${PAIR_SYMBOLS.join(', ')}.`;
      ctx.addIssue({ code: 'custom', message: problem, params: { problem } });
    })
    .describe(`a pair: one of ${PAIR_SYMBOLS.join(', ')}`);
}

/** A decimal string such as "0.5"; a number is refused by name, since it cannot be exact. */
export function decimalField(example: string) {
  return (
    z
      .unknown()
      .superRefine((value, ctx) => {
        if (typeof value === 'string' && value.length <= 64) return;
        const problem =
          typeof value === 'number'
            ? `must be a decimal string such as "${example}", not a number.`
            : `must be a decimal string such as "${example}".`;
        ctx.addIssue({ code: 'custom', message: problem, params: { problem } });
      })
      // The schema reads `unknown` only to name a number as such; what it accepts is a string.
      .meta({
        type: 'string',
        description: `a decimal string such as "${example}"`,
      }) as unknown as z.ZodType<string>
  );
}

/**
 * A time to page forward from: ms since the epoch, inclusive. A page that gives it lists what
 * came then or later, oldest first; the next page starts at the last item's time (items of that
 * very millisecond come again: skip the ids already read).
 */
export function sinceField() {
  return z
    .number()
    .int()
    .min(0)
    .max(8.64e15)
    .describe('ms since the epoch, inclusive: what came then or later, oldest first');
}

/** A client order id: 1 to 64 of A-Z a-z 0-9 - _. */
export function clientOrderIdField() {
  return pattern(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, '-' or '_'");
}

/** The pair a symbol names (the schema has checked it). */
export function pairOf(symbol: string): PairSymbol {
  if (!isPairSymbol(symbol)) throw refusal('order.unknownPair', { pair: symbol.slice(0, 20) });
  return symbol;
}

/** Runs a conversion, turning a unit problem into the refusal the caller gets. */
function converted<T>(convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof UnitError) throw new DomainError(error);
    throw error;
  }
}

/** The refusals that name a parameter and take no values. */
type PlainCode = Extract<
  ErrorCode,
  | 'order.stopPriceNotTaken'
  | 'order.stopPriceRequired'
  | 'order.priceRequired'
  | 'order.amountRequired'
  | 'order.totalNotForLimit'
  | 'order.marketPrice'
  | 'order.marketPostOnly'
  | 'order.marketTimeInForce'
  | 'order.marketSellTotal'
>;

/** Refuses a parameter the order type does not take. */
function refuse(given: unknown, code: PlainCode): void {
  if (given !== undefined) throw refusal(code);
}

/** Requires a parameter the order type needs. */
function need<T>(given: T | undefined, code: PlainCode): T {
  if (given === undefined) throw refusal(code);
  return given;
}

/** The engine's draft for orders.place's parameters; DomainError naming the problem. */
export function draftOf(params: PlaceOrderParams): { pair: PairSymbol; draft: OrderDraft } {
  const pair = pairOf(params.pair);
  const spec = PAIRS[pair];
  const common = {
    side: params.side,
    ...(params.clientOrderId === undefined ? {} : { clientOrderId: params.clientOrderId }),
    ...(params.selfTrade === undefined ? {} : { selfTrade: params.selfTrade }),
  };
  const isStop = params.type === 'stopLimit' || params.type === 'stopMarket';
  if (!isStop) refuse(params.stopPrice, 'order.stopPriceNotTaken');
  const stopTicks = isStop
    ? converted(() => toTicks(spec, need(params.stopPrice, 'order.stopPriceRequired'), 'stopPrice'))
    : 0;

  if (params.type === 'limit' || params.type === 'stopLimit') {
    refuse(params.total, 'order.totalNotForLimit');
    const priceTicks = converted(() => toTicks(spec, need(params.price, 'order.priceRequired')));
    const lots = converted(() => toLots(spec, need(params.amount, 'order.amountRequired')));
    converted(() => checkMinValue(spec, priceTicks, lots));
    if (params.postOnly === true && (params.timeInForce ?? 'GTC') !== 'GTC') {
      throw refusal('order.postOnlyIsGtc');
    }
    const limit = {
      ...common,
      priceTicks,
      lots,
      timeInForce: params.timeInForce ?? 'GTC',
      postOnly: params.postOnly ?? false,
    };
    const draft: OrderDraft =
      params.type === 'limit'
        ? { ...limit, type: 'limit' }
        : { ...limit, type: 'stopLimit', stopTicks };
    return { pair, draft };
  }

  refuse(params.price, 'order.marketPrice');
  refuse(params.postOnly, 'order.marketPostOnly');
  refuse(params.timeInForce, 'order.marketTimeInForce');
  if (params.side === 'sell') refuse(params.total, 'order.marketSellTotal');
  if (params.amount === undefined && params.total === undefined) {
    throw refusal(params.side === 'sell' ? 'order.amountRequired' : 'order.sizeRequired');
  }
  const market = {
    ...common,
    ...(params.amount === undefined
      ? {}
      : { lots: converted(() => toLots(spec, params.amount as string)) }),
    ...(params.total === undefined
      ? {}
      : { total: converted(() => toNotional(spec, params.total as string)) }),
  };
  const draft: OrderDraft =
    params.type === 'market'
      ? { ...market, type: 'market' }
      : { ...market, type: 'stopMarket', stopTicks };
  return { pair, draft };
}
