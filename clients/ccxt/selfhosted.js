// @ts-check
/**
 * A CCXT exchange class for this exchange, so trading programs built on CCXT (freqtrade,
 * Hummingbot, one's own scripts) trade here as on any listed venue:
 *
 *   import { SelfHosted } from './selfhosted.js';
 *   const exchange = new SelfHosted({
 *     urls: { api: { rest: 'https://exchange.example/api' } },
 *     apiKey: 'ak_...', secret: 'the secret shown once, or an Ed25519 PEM private key',
 *   });
 *   await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60000);
 *
 * It follows the conventions of CCXT's own exchange classes (`describe`, `sign`, `parse*`, the
 * `safe*` readers, no Node-only calls), so a Python or PHP program can port it to those CCXT
 * builds line by line; it has not been run through CCXT's transpiler. The server speaks one POST
 * endpoint, `{method, ...params}`; every method below names the server method it calls. Prices and
 * sizes are sent as exact decimal strings, rounded to the pair's tick and lot by CCXT's own
 * `priceToPrecision` and `amountToPrecision`.
 * String concatenation rather than template literals, and full override signatures, as CCXT's
 * transpiler needs (biome.json turns those two rules off for this folder).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Exchange, errors, functions } from 'ccxt';
import { describeSelfHosted } from './describe.js';

/** Receive window sent with signed calls, in ms (the server's default, at most 60,000). */
const RECV_WINDOW = 5000;

/** The server's words for an order's state, in CCXT's. */
/** @type {Record<string, string>} */
const ORDER_STATUSES = {
  new: 'open',
  partiallyFilled: 'open',
  filled: 'closed',
  cancelled: 'canceled',
  expired: 'expired',
};

/** CCXT's order types, in the server's. */
/** @type {Record<string, string>} */
const ORDER_TYPES = {
  limit: 'limit',
  market: 'market',
  stopLimit: 'stopLimit',
  stopMarket: 'stopMarket',
};

export class SelfHosted extends Exchange {
  describe() {
    return this.deepExtend(super.describe(), describeSelfHosted(functions.TICK_SIZE));
  }

  /**
   * Calls a server method without signing.
   * @param {string} method
   * @param {object} [params]
   */
  async publicCall(method, params = {}) {
    return await this.request('api', 'public', 'POST', this.extend({ method }, params));
  }

  /**
   * Calls a server method signed with the key.
   * @param {string} method
   * @param {object} [params]
   */
  async privateCall(method, params = {}) {
    return await this.request('api', 'private', 'POST', this.extend({ method }, params));
  }

  /** @param {object} [params] */
  async fetchTime(params = {}) {
    const response = await this.publicCall('server.getTime', params);
    return this.safeInteger(response, 'time');
  }

  /** @param {object} [params] */
  async fetchMarkets(params = {}) {
    const response = await this.publicCall('markets.getItems', params);
    const items = this.safeList(response, 'items', []);
    return items.map((item) => this.parseMarket(item));
  }

  /** @param {any} market */
  parseMarket(market) {
    const id = this.safeString(market, 'pair');
    const baseId = this.safeString(market, 'base');
    const quoteId = this.safeString(market, 'quote');
    const base = this.safeCurrencyCode(baseId);
    const quote = this.safeCurrencyCode(quoteId);
    return this.safeMarketStructure({
      id,
      symbol: base + '/' + quote,
      base,
      quote,
      baseId,
      quoteId,
      type: 'spot',
      spot: true,
      margin: false,
      swap: false,
      future: false,
      option: false,
      contract: false,
      active: true,
      maker: this.safeNumber(market, 'makerFee'),
      taker: this.safeNumber(market, 'takerFee'),
      precision: {
        amount: this.safeNumber(market, 'lotSize'),
        price: this.safeNumber(market, 'tickSize'),
      },
      limits: {
        amount: {
          min: this.safeNumber2(market, 'minAmount', 'lotSize'),
          max: this.safeNumber(market, 'maxAmount'),
        },
        price: {
          min: this.safeNumber2(market, 'minPrice', 'tickSize'),
          max: this.safeNumber(market, 'maxPrice'),
        },
        cost: { min: this.safeNumber(market, 'minValue'), max: undefined },
        leverage: { min: undefined, max: undefined },
      },
      info: market,
    });
  }

  /** @param {object} [params] */
  async fetchCurrencies(params = {}) {
    const [listed, networks] = await Promise.all([
      this.publicCall('currencies.getItems', params),
      this.publicCall('wallet.getNetworks'),
    ]);
    const byAsset = this.indexBy(this.safeList(networks, 'assets', []), 'asset');
    /** @type {Record<string, any>} */
    const result = {};
    for (const currency of this.safeList(listed, 'items', [])) {
      const code = /** @type {string} */ (
        this.safeCurrencyCode(this.safeString(currency, 'ticker'))
      );
      result[code] = this.currencyOf(currency, this.safeDict(byAsset, code, {}));
    }
    return result;
  }

  /**
   * @param {any} currency
   * @param {any} assetNetworks
   */
  currencyOf(currency, assetNetworks) {
    const id = this.safeString(currency, 'ticker');
    const code = this.safeCurrencyCode(id);
    /** @type {Record<string, any>} */
    const networks = {};
    for (const network of this.safeList(assetNetworks, 'networks', [])) {
      const networkId = /** @type {string} */ (this.safeString(network, 'network'));
      networks[networkId] = this.parseNetwork(network);
    }
    return this.safeCurrencyStructure({
      id,
      code,
      name: this.safeString(currency, 'name'),
      type: 'crypto',
      active: true,
      precision: this.parseNumber(this.parsePrecision(this.safeString(currency, 'precision'))),
      networks,
      info: currency,
    });
  }

  /** @param {any} network */
  parseNetwork(network) {
    const deposit = this.safeBool(network, 'depositOpen', true);
    const withdraw = this.safeBool(network, 'withdrawOpen', true);
    return {
      id: this.safeString(network, 'network'),
      network: this.safeString(network, 'network'),
      name: this.safeString(network, 'name'),
      active: deposit && withdraw,
      deposit,
      withdraw,
      fee: this.safeNumber(network, 'withdrawalFee'),
      precision: undefined,
      limits: {
        deposit: { min: this.safeNumber(network, 'minDeposit'), max: undefined },
        withdraw: { min: this.safeNumber(network, 'minWithdrawal'), max: undefined },
      },
      info: network,
    };
  }

  /**
   * @param {string} symbol
   * @param {object} [params]
   */
  async fetchTicker(symbol, params = {}) {
    const tickers = await this.fetchTickers([symbol], params);
    return /** @type {any} */ (this.safeDict(tickers, this.symbol(symbol)));
  }

  /**
   * @param {string[]} [symbols]
   * @param {object} [params]
   */
  async fetchTickers(symbols = undefined, params = {}) {
    await this.loadMarkets();
    const response = await this.publicCall('markets.getItems', params);
    const tickers = this.safeList(response, 'items', []).map((item) => this.parseTicker(item));
    return this.filterByArrayTickers(tickers, 'symbol', symbols);
  }

  /**
   * @param {any} ticker
   * @param {any} [market]
   */
  parseTicker(ticker, market = undefined) {
    market = this.safeMarket(this.safeString(ticker, 'pair'), market);
    const timestamp = this.safeInteger(ticker, 'timestamp');
    const last = this.safeString(ticker, 'last');
    return this.safeTicker(
      {
        symbol: market.symbol,
        timestamp,
        datetime: this.iso8601(timestamp),
        high: this.safeString(ticker, 'high'),
        low: this.safeString(ticker, 'low'),
        bid: this.safeString(ticker, 'bid'),
        bidVolume: this.safeString(ticker, 'bidAmount'),
        ask: this.safeString(ticker, 'ask'),
        askVolume: this.safeString(ticker, 'askAmount'),
        last,
        close: last,
        percentage: this.safeString(ticker, 'change'),
        baseVolume: this.safeString(ticker, 'baseVolume'),
        quoteVolume: this.safeString(ticker, 'quoteVolume'),
        info: ticker,
      },
      market,
    );
  }

  /**
   * @param {string} symbol
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchOrderBook(symbol, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    /** @type {Record<string, any>} */
    const request = { pair: market.id };
    if (limit !== undefined) request.depth = limit;
    const response = await this.publicCall('markets.getBook', this.extend(request, params));
    const book = this.safeDict(response, 'book', {});
    const timestamp = this.safeInteger(book, 'timestamp');
    const orderBook = this.parseOrderBook(
      book,
      market.symbol,
      timestamp,
      'bids',
      'asks',
      'price',
      'amount',
    );
    orderBook.nonce = this.safeInteger(book, 'sequence');
    return orderBook;
  }

  /**
   * @param {string} symbol
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchTrades(symbol, since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const request = this.pageRequest({ pair: market.id }, since, limit);
    const response = await this.publicCall('markets.getTrades', this.extend(request, params));
    const trades = this.safeList(response, 'trades', []);
    return this.parseTrades(trades, market, since, limit);
  }

  /**
   * A server trade (public, or one of the caller's own fills), in CCXT's words.
   * @param {any} trade
   * @param {any} [market]
   */
  parseTrade(trade, market = undefined) {
    market = this.safeMarket(this.safeString(trade, 'pair'), market);
    const timestamp = this.parse8601(this.safeString(trade, 'time'));
    const feeCost = this.safeString(trade, 'fee');
    return this.safeTrade(
      {
        id: this.safeString(trade, 'id'),
        order: this.safeString(trade, 'orderId'),
        timestamp,
        datetime: this.iso8601(timestamp),
        symbol: market.symbol,
        type: undefined,
        side: this.safeString2(trade, 'side', 'takerSide'),
        takerOrMaker: this.safeString(trade, 'role'),
        price: this.safeString(trade, 'price'),
        amount: this.safeString(trade, 'amount'),
        cost: this.safeString(trade, 'total'),
        fee:
          feeCost === undefined
            ? undefined
            : {
                cost: this.parseNumber(feeCost),
                currency: this.safeCurrencyCode(this.safeString(trade, 'feeTicker')),
              },
        info: trade,
      },
      market,
    );
  }

  /**
   * @param {string} symbol
   * @param {string} [timeframe]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchOHLCV(symbol, timeframe = '1m', since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const interval = this.safeString(this.timeframes, timeframe, timeframe);
    /** @type {Record<string, any>} */
    const request = { pair: market.id, interval };
    if (since !== undefined) {
      request.from = since;
      if (limit !== undefined)
        request.to = since + limit * this.parseTimeframe(timeframe) * 1000 - 1;
    } else if (limit !== undefined) {
      request.from = this.milliseconds() - limit * this.parseTimeframe(timeframe) * 1000;
    }
    const response = await this.publicCall('markets.getCandles', this.extend(request, params));
    const candles = this.safeList(response, 'candles', []);
    return this.parseOHLCVs(candles, market, timeframe, since, limit);
  }

  /**
   * @param {any} ohlcv
   * @param {any} [market]
   * @returns {any}
   */
  parseOHLCV(ohlcv, market = undefined) {
    return [
      this.safeInteger(ohlcv, 'time'),
      this.safeNumber(ohlcv, 'open'),
      this.safeNumber(ohlcv, 'high'),
      this.safeNumber(ohlcv, 'low'),
      this.safeNumber(ohlcv, 'close'),
      this.safeNumber(ohlcv, 'baseVolume'),
    ];
  }

  /** @param {object} [params] */
  async fetchBalance(params = {}) {
    // `limit` asks currencies.getItems for the account's wallets rather than the listed coins.
    const request = this.extend({ limit: 1000 }, params);
    const response = await this.privateCall('currencies.getItems', request);
    /** @type {Record<string, any>} */
    const result = { info: response };
    for (const wallet of this.safeList(response, 'wallets', [])) {
      const code = /** @type {string} */ (this.safeCurrencyCode(this.safeString(wallet, 'ticker')));
      const account = this.account();
      account.free = this.safeString(wallet, 'available');
      account.used = this.safeString(wallet, 'held');
      account.total = this.safeString(wallet, 'amount');
      result[code] = account;
    }
    return this.safeBalance(result);
  }

  /**
   * A limit or market order, or a stop order when `params.triggerPrice` (or `stopPrice`) is
   * given; `params.clientOrderId`, `timeInForce`, `postOnly` pass through. A market buy may give
   * `params.cost` (USDT to spend) instead of an amount.
   * @param {string} symbol
   * @param {string} type
   * @param {string} side
   * @param {number} amount
   * @param {number} [price]
   * @param {object} [params]
   */
  async createOrder(symbol, type, side, amount, price = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const request = this.orderRequest(market, type, side, amount, price, params);
    const response = await this.privateCall('orders.place', request);
    return this.parseOrder(this.safeDict(response, 'order', {}), market);
  }

  /**
   * The orders.place parameters of a CCXT order.
   * @param {any} market
   * @param {string} type
   * @param {string} side
   * @param {number} amount
   * @param {number | undefined} price
   * @param {any} params
   */
  orderRequest(market, type, side, amount, price, params) {
    const trigger = this.safeString2(params, 'triggerPrice', 'stopPrice');
    const cost = this.safeString(params, 'cost');
    const rest = this.omit(params, ['triggerPrice', 'stopPrice', 'cost', 'timeInForce']);
    /** @type {Record<string, any>} */
    const request = { pair: market.id, side, type: ORDER_TYPES[type] ?? type };
    if (trigger !== undefined) {
      request.type = type === 'market' ? 'stopMarket' : 'stopLimit';
      request.stopPrice = this.priceToPrecision(market.symbol, trigger);
    }
    if (request.type === 'limit' || request.type === 'stopLimit') {
      request.price = this.priceToPrecision(market.symbol, price);
    }
    if (cost !== undefined && side === 'buy' && type === 'market') request.total = cost;
    else request.amount = this.amountToPrecision(market.symbol, amount);
    const timeInForce = this.safeStringUpper(params, 'timeInForce');
    if (timeInForce !== undefined && type !== 'market') request.timeInForce = timeInForce;
    return this.extend(request, rest);
  }

  /**
   * @param {string} id
   * @param {string} [symbol]
   * @param {object} [params]
   */
  async cancelOrder(id, symbol = undefined, params = {}) {
    await this.loadMarkets();
    const response = await this.privateCall('orders.cancel', this.orderRef(id, params));
    return this.parseOrder(this.safeDict(response, 'order', {}));
  }

  /**
   * @param {string} [symbol]
   * @param {object} [params]
   */
  async cancelAllOrders(symbol = undefined, params = {}) {
    await this.loadMarkets();
    const request = symbol === undefined ? {} : { pair: this.marketId(symbol) };
    const response = await this.privateCall('orders.cancelAll', this.extend(request, params));
    return this.parseOrders(this.safeList(response, 'orders', []));
  }

  /**
   * @param {string} id
   * @param {string} [symbol]
   * @param {object} [params]
   */
  async fetchOrder(id, symbol = undefined, params = {}) {
    await this.loadMarkets();
    const response = await this.privateCall('orders.get', this.orderRef(id, params));
    return this.parseOrder(this.safeDict(response, 'order', {}));
  }

  /**
   * An order by the server's id, or by `params.clientOrderId` when given.
   * @param {string | undefined} id
   * @param {any} params
   */
  orderRef(id, params) {
    const clientOrderId = this.safeString(params, 'clientOrderId');
    if (clientOrderId !== undefined)
      return this.extend({ clientOrderId }, this.omit(params, 'clientOrderId'));
    return this.extend({ id: this.parseToInt(id) }, params);
  }

  /**
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchOpenOrders(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const request = symbol === undefined ? {} : { pair: this.marketId(symbol) };
    const response = await this.privateCall('orders.getOpen', this.extend(request, params));
    const market = symbol === undefined ? undefined : this.market(symbol);
    return this.parseOrders(this.safeList(response, 'orders', []), market, since, limit);
  }

  /**
   * Every order of the account, newest first unless `since` pages forward from a time.
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchOrders(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = symbol === undefined ? undefined : this.market(symbol);
    const request = this.pageRequest(market === undefined ? {} : { pair: market.id }, since, limit);
    const response = await this.privateCall('orders.getHistory', this.extend(request, params));
    return this.parseOrders(this.safeList(response, 'orders', []), market, since, limit);
  }

  /**
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchClosedOrders(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    const orders = await this.fetchOrders(symbol, since, undefined, params);
    const closed = orders.filter((order) => order.status !== 'open');
    return this.filterBySinceLimit(closed, since, limit);
  }

  /**
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async fetchMyTrades(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = symbol === undefined ? undefined : this.market(symbol);
    const request = this.pageRequest(market === undefined ? {} : { pair: market.id }, since, limit);
    const response = await this.privateCall('trades.getMine', this.extend(request, params));
    return this.parseTrades(this.safeList(response, 'trades', []), market, since, limit);
  }

  /**
   * A history call's `since` and `limit` (the server caps a page at 500).
   * @param {any} request
   * @param {number | undefined} since
   * @param {number | undefined} limit
   */
  pageRequest(request, since, limit) {
    if (since !== undefined) request.since = since;
    if (limit !== undefined) request.limit = Math.min(limit, 500);
    return request;
  }

  /**
   * @param {any} order
   * @param {any} [market]
   */
  parseOrder(order, market = undefined) {
    market = this.safeMarket(this.safeString(order, 'pair'), market);
    const timestamp = this.parse8601(this.safeString(order, 'createdAt'));
    const type = this.safeString(order, 'type');
    const feeCost = this.safeString(order, 'fee');
    return this.safeOrder(
      {
        id: this.safeString(order, 'id'),
        clientOrderId: this.safeString(order, 'clientOrderId'),
        timestamp,
        datetime: this.iso8601(timestamp),
        lastTradeTimestamp: this.safeInteger(order, 'lastFillAt'),
        lastUpdateTimestamp: this.parse8601(this.safeString(order, 'updatedAt')),
        status: this.safeString(ORDER_STATUSES, this.safeString(order, 'status')),
        symbol: market.symbol,
        type: type === 'stopLimit' ? 'limit' : type === 'stopMarket' ? 'market' : type,
        timeInForce: this.safeString(order, 'timeInForce'),
        postOnly: this.safeBool(order, 'postOnly'),
        side: this.safeString(order, 'side'),
        price: this.safeString(order, 'price'),
        triggerPrice: this.safeString(order, 'stopPrice'),
        amount: this.safeString(order, 'amount'),
        filled: this.safeString(order, 'filled'),
        cost: this.safeString(order, 'filledTotal'),
        average: this.safeString(order, 'averagePrice'),
        fee:
          feeCost === undefined
            ? undefined
            : {
                cost: this.parseNumber(feeCost),
                currency: this.safeCurrencyCode(this.safeString(order, 'feeAsset')),
              },
        trades: undefined,
        info: order,
      },
      market,
    );
  }

  /**
   * Signs private calls: the key, a timestamp, the receive window and a signature over
   * `timestamp \n recvWindow \n method \n body` (HMAC-SHA256 in hex with the key's secret, or
   * Ed25519 in base64 when the secret is a PEM private key).
   * @param {string} path
   * @param {string} [api]
   * @param {string} [method]
   * @param {any} [params]
   * @param {any} [headers]
   * @param {any} [body]
   */
  sign(path, api = 'public', method = 'POST', params = {}, headers = undefined, body = undefined) {
    const url = this.urls.api.rest;
    body = this.json(params);
    headers = { 'Content-Type': 'application/json' };
    if (api === 'private') {
      this.checkRequiredCredentials();
      const timestamp = this.numberToString(this.milliseconds());
      const recvWindow = this.numberToString(
        this.safeInteger(this.options, 'recvWindow', RECV_WINDOW),
      );
      const prehash = timestamp + '\n' + recvWindow + '\n' + params.method + '\n' + body;
      headers['X-API-KEY'] = this.apiKey;
      headers['X-API-TIMESTAMP'] = timestamp;
      headers['X-API-RECV-WINDOW'] = recvWindow;
      headers['X-API-SIGNATURE'] = this.signature(prehash);
    }
    return { url, method, body, headers };
  }

  /** @param {string} prehash */
  signature(prehash) {
    if (this.secret.indexOf('PRIVATE KEY') >= 0) {
      return this.eddsa(this.encode(prehash), this.secret, ed25519);
    }
    return this.hmac(this.encode(prehash), this.encode(this.secret), sha256, 'hex');
  }

  /**
   * The server answers refusals with HTTP 200 (or 4xx at the edge) and `status: false`, a stable
   * `error_code` and words for people in `error_msg`: the code picks CCXT's exception.
   * @param {number} code
   * @param {string} reason
   * @param {string} url
   * @param {string} method
   * @param {any} headers
   * @param {string} body
   * @param {any} response
   */
  handleErrors(code, reason, url, method, headers, body, response) {
    if (response === undefined || this.safeBool(response, 'status') !== false) return undefined;
    const errorCode = this.safeString(response, 'error_code', '');
    const feedback =
      this.id + ' ' + errorCode + ': ' + this.safeString(response, 'error_msg', body);
    this.throwExactlyMatchedException(this.exceptions.exact, errorCode, feedback);
    if (this.safeString(response, 'param') === 'pair') throw new errors.BadSymbol(feedback);
    const prefix = errorCode.split('.')[0];
    this.throwExactlyMatchedException(this.exceptions.broad, prefix, feedback);
    throw new errors.ExchangeError(feedback);
  }
}
