/**
 * What CCXT promises a program about each unified structure (its Manual: "Market structure",
 * "Ticker structure", "Order book structure", "Trade structure", "OHLCV structure", "Balance
 * structure", "Order structure"), checked on what the class returns: the fields a program reads,
 * their types, and the sums that must hold between them.
 */
import assert from 'node:assert/strict';
import type {
  Balances,
  CurrencyInterface,
  MarketInterface,
  OHLCV,
  Order,
  OrderBook,
  Ticker,
  Trade,
} from 'ccxt';

const ORDER_STATUSES = ['open', 'closed', 'canceled', 'expired', 'rejected'];

/** A finite number, or (where CCXT allows "unknown") undefined. */
function numberOrUnknown(value: unknown, what: string): void {
  if (value === undefined) return;
  assert.equal(typeof value, 'number', `${what} is ${String(value)}`);
  assert.ok(Number.isFinite(value), `${what} is ${String(value)}`);
}

/** A positive finite number. */
function positive(value: unknown, what: string): asserts value is number {
  assert.equal(typeof value, 'number', `${what} is ${String(value)}`);
  assert.ok((value as number) > 0, `${what} is ${String(value)}`);
}

/** A millisecond timestamp and its ISO 8601 twin. */
function timestampWithDatetime(
  item: { timestamp?: number | undefined; datetime?: string | undefined },
  what: string,
) {
  positive(item.timestamp, `${what}.timestamp`);
  assert.equal(item.datetime, new Date(item.timestamp).toISOString(), `${what}.datetime`);
}

/** Close enough for values CCXT computes in floating point from exact strings. */
function near(actual: number, expected: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= Math.abs(expected) * 1e-9,
    `${what}: ${actual} vs ${expected}`,
  );
}

export function checkMarket(market: MarketInterface | undefined): void {
  assert.ok(market !== undefined);
  assert.equal(typeof market.id, 'string');
  assert.equal(market.symbol, `${market.base}/${market.quote}`);
  assert.equal(market.type, 'spot');
  assert.equal(market.spot, true);
  assert.equal(market.active, true);
  positive(market.precision.amount, `${market.symbol} precision.amount`);
  positive(market.precision.price, `${market.symbol} precision.price`);
  positive(market.limits.amount?.min, `${market.symbol} limits.amount.min`);
  positive(market.limits.cost?.min, `${market.symbol} limits.cost.min`);
  numberOrUnknown(market.limits.amount?.max, `${market.symbol} limits.amount.max`);
  numberOrUnknown(market.limits.price?.max, `${market.symbol} limits.price.max`);
  numberOrUnknown(market.maker, `${market.symbol} maker`);
  numberOrUnknown(market.taker, `${market.symbol} taker`);
}

export function checkCurrency(currency: CurrencyInterface | undefined): void {
  assert.ok(currency !== undefined);
  assert.equal(currency.id, currency.code);
  assert.equal(typeof currency.name, 'string');
  assert.ok(Object.keys(currency.networks).length >= 1, `${currency.code} has no network`);
  for (const [id, network] of Object.entries(currency.networks)) {
    assert.equal(network.id, id);
    assert.equal(typeof network.deposit, 'boolean');
    assert.equal(typeof network.withdraw, 'boolean');
    assert.ok((network.fee ?? -1) >= 0, `${currency.code} ${id} fee`);
    positive(network.limits.withdraw?.min, `${currency.code} ${id} limits.withdraw.min`);
    numberOrUnknown(network.limits.deposit?.min, `${currency.code} ${id} limits.deposit.min`);
  }
}

export function checkTicker(ticker: Ticker, symbol: string): void {
  assert.equal(ticker.symbol, symbol);
  for (const field of ['high', 'low', 'bid', 'ask', 'last', 'close', 'baseVolume'] as const) {
    numberOrUnknown(ticker[field], `${symbol} ${field}`);
  }
  if (ticker.bid !== undefined && ticker.ask !== undefined) {
    assert.ok(ticker.bid < ticker.ask, `${symbol} bid ${ticker.bid} >= ask ${ticker.ask}`);
  }
  if (ticker.high !== undefined && ticker.low !== undefined) {
    assert.ok(ticker.low <= ticker.high, `${symbol} low above high`);
  }
}

export function checkOrderBook(book: OrderBook, symbol: string): void {
  assert.equal(book.symbol, symbol);
  const sides = [
    [book.bids, (a: number, b: number) => a > b],
    [book.asks, (a: number, b: number) => a < b],
  ] as const;
  for (const [levels, better] of sides) {
    for (const [index, level] of levels.entries()) {
      positive(level[0], `${symbol} price`);
      positive(level[1], `${symbol} amount`);
      const next = levels[index + 1];
      if (next !== undefined) assert.ok(better(level[0] as number, next[0] as number), 'sorted');
    }
  }
  const [bestBid] = book.bids[0] ?? [];
  const [bestAsk] = book.asks[0] ?? [];
  if (bestBid !== undefined && bestAsk !== undefined) assert.ok(bestBid < bestAsk, 'crossed');
}

export function checkTrade(trade: Trade, symbol: string): void {
  assert.equal(typeof trade.id, 'string');
  assert.equal(trade.symbol, symbol);
  timestampWithDatetime(trade, `trade ${trade.id}`);
  assert.ok(trade.side === 'buy' || trade.side === 'sell', `side ${trade.side}`);
  positive(trade.price, 'trade price');
  positive(trade.amount, 'trade amount');
  positive(trade.cost, 'trade cost');
  near(trade.cost, trade.price * trade.amount, 'trade cost');
}

export function checkOhlcv(candle: OHLCV, since: number | undefined): void {
  const [time, open, high, low, close, volume] = candle as number[];
  positive(time, 'candle time');
  if (since !== undefined) assert.ok(time >= since, 'candle before since');
  for (const value of [open, high, low, close]) {
    positive(value, 'candle price');
    assert.ok((low as number) <= value && value <= (high as number), 'candle outside its range');
  }
  assert.ok((volume as number) >= 0, 'candle volume');
}

export function checkBalance(balance: Balances): void {
  for (const [code, account] of Object.entries(balance)) {
    if (['info', 'free', 'used', 'total', 'timestamp', 'datetime'].includes(code)) continue;
    const { free, used, total } = account as { free: number; used: number; total: number };
    near(total, free + used, `${code} total`);
    assert.equal((balance.free as unknown as Record<string, number>)[code], free);
  }
}

export function checkOrder(order: Order, symbol: string): void {
  assert.equal(typeof order.id, 'string');
  assert.equal(order.symbol, symbol);
  timestampWithDatetime(order, `order ${order.id}`);
  assert.ok(ORDER_STATUSES.includes(String(order.status)), `status ${order.status}`);
  assert.ok(order.side === 'buy' || order.side === 'sell');
  assert.ok(order.type === 'limit' || order.type === 'market', `type ${order.type}`);
  const filled = order.filled ?? Number.NaN;
  assert.ok(filled >= 0, `filled ${order.filled}`);
  if (order.amount !== undefined) {
    assert.ok(filled <= order.amount, 'filled within amount');
    near(order.remaining ?? Number.NaN, order.amount - filled, 'remaining');
  }
  if (filled > 0) positive(order.average, 'average');
}
