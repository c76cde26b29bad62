// @ts-check
/**
 * What the exchange is to CCXT: its id, what it offers (`has`), its endpoint, its timeframes and
 * which refusal codes become which of CCXT's exceptions. Only spot trading against USDT is
 * offered here, so every derivative and margin method is `false`.
 */
import { errors } from 'ccxt';

/** CCXT's timeframes, in the server's candle intervals. */
const TIMEFRAMES = { '1m': '1m', '5m': '5m', '15m': '15m', '1h': '1h', '4h': '4h', '1d': '1d' };

/** The unified methods this class implements. */
const HAS = {
  CORS: false,
  spot: true,
  margin: false,
  swap: false,
  future: false,
  option: false,
  cancelAllOrders: true,
  cancelOrder: true,
  createMarketBuyOrderWithCost: true,
  createMarketOrderWithCost: false,
  createOrder: true,
  createStopLimitOrder: true,
  createStopMarketOrder: true,
  createTriggerOrder: true,
  fetchBalance: true,
  fetchClosedOrders: true,
  fetchCurrencies: true,
  fetchMarkets: true,
  fetchMyTrades: true,
  fetchOHLCV: true,
  fetchOpenOrders: true,
  fetchOrder: true,
  fetchOrderBook: true,
  fetchOrders: true,
  fetchTicker: true,
  fetchTickers: true,
  fetchTime: true,
  fetchTrades: true,
  fetchFundingRate: false,
  fetchPositions: false,
  fetchLeverage: false,
  withdraw: false,
};

/**
 * Refusal codes that map to one CCXT exception each (the server's catalogue: core/errors/).
 * @type {Record<string, typeof errors.BaseError>}
 */
export const EXACT_ERRORS = {
  'order.insufficientBalance': errors.InsufficientFunds,
  'order.notEnoughAvailable': errors.InsufficientFunds,
  'wallet.insufficientFunds': errors.InsufficientFunds,
  'order.notFound': errors.OrderNotFound,
  'order.closed': errors.OrderNotFound,
  'order.clientOrderIdReused': errors.DuplicateOrderId,
  'order.unknownPair': errors.BadSymbol,
  'request.tooMany': errors.RateLimitExceeded,
  'apiKey.tooMany': errors.RateLimitExceeded,
  'apiKey.unknown': errors.AuthenticationError,
  'apiKey.badSignature': errors.AuthenticationError,
  'apiKey.expired': errors.AuthenticationError,
  'account.blocked': errors.AccountSuspended,
  'apiKey.staleTimestamp': errors.InvalidNonce,
  'apiKey.replayed': errors.InvalidNonce,
  'apiKey.scopeMissing': errors.PermissionDenied,
  'apiKey.ipNotAllowed': errors.PermissionDenied,
  'apiKey.methodNotForKeys': errors.PermissionDenied,
  'access.staffOnly': errors.PermissionDenied,
  'market.paused': errors.ExchangeNotAvailable,
  'market.moved': errors.ExchangeNotAvailable,
  'request.databaseUnreachable': errors.ExchangeNotAvailable,
  'request.serverError': errors.ExchangeError,
};

/**
 * Whole families by the code's first part, for codes not listed above.
 * @type {Record<string, typeof errors.BaseError>}
 */
export const PREFIX_ERRORS = {
  order: errors.InvalidOrder,
  orderReason: errors.InvalidOrder,
  params: errors.BadRequest,
  request: errors.BadRequest,
  access: errors.AuthenticationError,
  apiKey: errors.AuthenticationError,
  apiKeys: errors.AuthenticationError,
};

/**
 * The `describe()` of the class, given CCXT's TICK_SIZE constant (steps are sizes, not places).
 * @param {number} tickSizeMode
 */
export function describeSelfHosted(tickSizeMode) {
  return {
    id: 'selfhosted',
    name: 'Self-hosted exchange',
    countries: [],
    rateLimit: 50,
    version: '1',
    certified: false,
    pro: false,
    has: HAS,
    timeframes: TIMEFRAMES,
    hostname: 'localhost',
    urls: {
      api: { rest: 'https://{hostname}/api' },
      www: 'https://{hostname}',
      doc: 'https://{hostname}/docs/programs.md',
    },
    api: {
      public: { post: { api: 1 } },
      private: { post: { api: 1 } },
    },
    requiredCredentials: { apiKey: true, secret: true },
    precisionMode: tickSizeMode,
    exceptions: { exact: EXACT_ERRORS, broad: PREFIX_ERRORS },
    options: { recvWindow: 5000 },
  };
}
