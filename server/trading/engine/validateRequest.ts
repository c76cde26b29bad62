/** The checks an order passes before it reaches the book. */
import type { BookLimits } from './BookLimits.ts';
import type { OrderReason } from './EngineEvent.ts';
import type { OrderRequest } from './OrderRequest.ts';

function isSelfTradeMode(mode: unknown): boolean {
  return (
    mode === 'expireTaker' || mode === 'none' || mode === 'expireMaker' || mode === 'expireBoth'
  );
}

function isTimeInForce(value: unknown): boolean {
  return value === 'GTC' || value === 'IOC' || value === 'FOK';
}

/** Whether a value is a safe integer from 1 to `max`. */
export function whole(value: unknown, max: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= max;
}

function checkCommon(request: OrderRequest): boolean {
  const { clientOrderId, selfTrade } = request;
  return (
    whole(request.id, Number.MAX_SAFE_INTEGER) &&
    whole(request.accountId, Number.MAX_SAFE_INTEGER) &&
    (request.side === 'buy' || request.side === 'sell') &&
    typeof request.at === 'number' &&
    Number.isFinite(request.at) &&
    (clientOrderId === undefined ||
      (typeof clientOrderId === 'string' &&
        clientOrderId.length >= 1 &&
        clientOrderId.length <= 64)) &&
    (selfTrade === undefined || isSelfTradeMode(selfTrade))
  );
}

function checkLimit(
  request: OrderRequest & { type: 'limit' | 'stopLimit' },
  limits: BookLimits,
  checkValue: boolean,
): OrderReason | null {
  const { timeInForce, postOnly } = request;
  if (timeInForce !== undefined && !isTimeInForce(timeInForce)) return 'invalidOrder';
  if (postOnly !== undefined && typeof postOnly !== 'boolean') return 'invalidOrder';
  // A post-only order exists to rest, which IOC and FOK never do.
  if (postOnly && (timeInForce ?? 'GTC') !== 'GTC') return 'invalidOrder';
  if (!whole(request.priceTicks, limits.maxPriceTicks)) return 'invalidPrice';
  if (!whole(request.lots, limits.maxLots)) return 'invalidQuantity';
  if (checkValue && request.priceTicks * request.lots < limits.minNotional) return 'belowMinValue';
  return null;
}

function checkMarket(
  request: OrderRequest & { type: 'market' | 'stopMarket' },
  limits: BookLimits,
  checkValue: boolean,
): OrderReason | null {
  const { lots, total } = request;
  // A sell knows what it gives (lots); only a buy may say what it spends instead.
  if (
    request.side === 'sell'
      ? lots === undefined || total !== undefined
      : lots === undefined && total === undefined
  ) {
    return 'invalidOrder';
  }
  if (lots !== undefined && !whole(lots, limits.maxLots)) return 'invalidQuantity';
  if (total !== undefined && !whole(total, limits.maxNotional)) return 'invalidTotal';
  // The value of an order by lots is unknown until it trades, so only a total is checked.
  if (checkValue && total !== undefined && total < limits.minNotional) return 'belowMinValue';
  return null;
}

/**
 * Why a request cannot be placed, or null when it can: every price and size a safe integer within
 * the limits, options that fit the type, the minimum value where it is known before trading
 * (`checkValue` is false when restoring orders accepted under older limits).
 */
export function validateRequest(
  request: OrderRequest,
  limits: BookLimits,
  checkValue = true,
): OrderReason | null {
  if (!checkCommon(request)) return 'invalidOrder';
  switch (request.type) {
    case 'limit':
      return checkLimit(request, limits, checkValue);
    case 'market':
      return checkMarket(request, limits, checkValue);
    case 'stopLimit':
      if (!whole(request.stopTicks, limits.maxPriceTicks)) return 'invalidStopPrice';
      return checkLimit(request, limits, checkValue);
    case 'stopMarket':
      if (!whole(request.stopTicks, limits.maxPriceTicks)) return 'invalidStopPrice';
      return checkMarket(request, limits, checkValue);
    default:
      return 'invalidOrder';
  }
}
