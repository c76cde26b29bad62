// @ts-check
/**
 * The CCXT Pro side of the class: the market socket (`/market`, docs/programs.md "Socket") through
 * CCXT's `watch*` and `*Ws` conventions. Books, trades and tickers are public streams; a program's
 * orders and fills, and order entry, need the key, which logs the socket in once.
 *
 *   const exchange = new SelfHostedPro({ urls: { api: { rest: '…/api', ws: 'wss://…/market' } },
 *     apiKey, secret });
 *   const book = await exchange.watchOrderBook('BTC/USDT');   // then again for each change
 *   const order = await exchange.createOrderWs('BTC/USDT', 'limit', 'buy', 0.01, 60000);
 *   const updates = await exchange.watchOrders();               // the account's order updates
 *
 * A book update whose sequence number does not follow the last one means a missed message: the
 * class subscribes again for a fresh snapshot rather than keep a wrong book. The account stream's
 * `seq` is kept, so a resubscription after a reconnect asks for what was missed (`since`).
 */
import { errors } from 'ccxt';
import { SelfHosted } from './selfhosted.js';

/** Trades and orders kept per stream, newest last. */
const KEEP = 1000;

export class SelfHostedPro extends SelfHosted {
  /** @type {Record<string, any[]>} The latest public trades heard, per symbol. */
  heardTrades = {};

  /** @type {any[]} The account's order updates heard on the socket, newest last. */
  heardOrders = [];

  /** @type {any[]} The account's fills heard on the socket, newest last. */
  heardFills = [];

  describe() {
    return this.deepExtend(super.describe(), {
      has: {
        ws: true,
        watchOrderBook: true,
        watchTrades: true,
        watchTicker: true,
        watchOrders: true,
        watchMyTrades: true,
        createOrderWs: true,
        cancelOrderWs: true,
        cancelAllOrdersWs: true,
      },
      urls: { api: { ws: 'wss://{hostname}/market' } },
      options: { ws: { keepAlive: 15000 } },
      streaming: { keepAlive: 15000 },
    });
  }

  /** The market socket's address. */
  socketUrl() {
    return this.urls.api.ws;
  }

  /**
   * Waits for the message `hash` names, sending `message` once per `subscribeHash` on the socket.
   * CCXT opens a plain `ws://` socket (a server without TLS, such as a test or a LAN one) only
   * with Node's HTTP agent loaded first.
   * @param {string} hash
   * @param {object} message
   * @param {string} subscribeHash
   */
  async listen(hash, message, subscribeHash) {
    if (this.socketUrl().startsWith('ws://')) await this.loadHttpProxyAgent();
    return await this.watch(this.socketUrl(), hash, message, subscribeHash);
  }

  /** The server's keepalive message; its `pong` keeps the socket counted alive. */
  ping() {
    return { v: 1, type: 'ping' };
  }

  /**
   * @param {string} symbol
   * @param {number} [limit]
   * @param {object} [params]
   */
  async watchOrderBook(symbol, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const hash = 'book:' + market.symbol;
    const subscribe = { v: 1, type: 'subscribe', stream: 'orders', pair: market.id };
    const book = await this.listen(hash, this.extend(subscribe, params), hash);
    return book.limit(limit);
  }

  /**
   * @param {string} symbol
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async watchTrades(symbol, since = undefined, limit = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const hash = 'trades:' + market.symbol;
    const subscribe = { v: 1, type: 'subscribe', stream: 'trades', pair: market.id };
    const trades = await this.listen(hash, this.extend(subscribe, params), hash);
    return this.filterBySinceLimit(trades, since, limit, 'timestamp', true);
  }

  /**
   * @param {string} symbol
   * @param {object} [params]
   */
  async watchTicker(symbol, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const hash = 'ticker:' + market.symbol;
    const subscribe = { v: 1, type: 'subscribe', stream: 'stats', pair: market.id };
    return await this.listen(hash, this.extend(subscribe, params), hash);
  }

  /**
   * The account's order updates as they commit (a snapshot of the open orders first).
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async watchOrders(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    const orders = await this.watchAccount('orders', params);
    const mine =
      symbol === undefined
        ? orders
        : orders.filter((/** @type {any} */ o) => o.symbol === this.symbol(symbol));
    return this.filterBySinceLimit(mine, since, limit, 'timestamp', true);
  }

  /**
   * The account's fills as they commit.
   * @param {string} [symbol]
   * @param {number} [since]
   * @param {number} [limit]
   * @param {object} [params]
   */
  async watchMyTrades(symbol = undefined, since = undefined, limit = undefined, params = {}) {
    const trades = await this.watchAccount('myTrades', params);
    const mine =
      symbol === undefined
        ? trades
        : trades.filter((/** @type {any} */ t) => t.symbol === this.symbol(symbol));
    return this.filterBySinceLimit(mine, since, limit, 'timestamp', true);
  }

  /**
   * Logs in, subscribes to the account stream once (resuming after the last `seq` seen) and waits
   * for the next message of `hash`.
   * @param {string} hash
   * @param {object} params
   */
  async watchAccount(hash, params) {
    await this.loadMarkets();
    await this.authenticate();
    const seq = this.safeInteger(this.options, 'accountSeq');
    /** @type {Record<string, any>} */
    const subscribe = { v: 1, type: 'subscribe', stream: 'account' };
    if (seq !== undefined) subscribe.since = seq;
    return await this.listen(hash, this.extend(subscribe, params), 'account');
  }

  /**
   * @param {string} symbol
   * @param {string} type
   * @param {string} side
   * @param {number} amount
   * @param {number} [price]
   * @param {object} [params]
   */
  async createOrderWs(symbol, type, side, amount, price = undefined, params = {}) {
    await this.loadMarkets();
    const market = this.market(symbol);
    const request = this.orderRequest(market, type, side, amount, price, params);
    const answer = await this.sendRequest('place', request);
    return this.parseOrder(this.safeDict(answer, 'order', {}), market);
  }

  /**
   * @param {string} id
   * @param {string} [symbol]
   * @param {object} [params]
   */
  async cancelOrderWs(id, symbol = undefined, params = {}) {
    await this.loadMarkets();
    const answer = await this.sendRequest('cancel', this.orderRef(id, params));
    return this.parseOrder(this.safeDict(answer, 'order', {}));
  }

  /**
   * @param {string} [symbol]
   * @param {object} [params]
   */
  async cancelAllOrdersWs(symbol = undefined, params = {}) {
    await this.loadMarkets();
    const request = symbol === undefined ? {} : { pair: this.marketId(symbol) };
    const answer = await this.sendRequest('cancelAll', this.extend(request, params));
    return this.parseOrders(this.safeList(answer, 'orders', []));
  }

  /**
   * Sends an order request on the logged-in socket and waits for its answer.
   * @param {string} type
   * @param {object} params
   */
  async sendRequest(type, params) {
    await this.authenticate();
    const next = this.sum(this.safeInteger(this.options, 'requestId', 0), 1);
    this.options.requestId = next;
    const id = 'r' + this.numberToString(next);
    const message = { v: 1, type, id, params };
    return await this.listen('result:' + id, message, 'result:' + id);
  }

  /** Logs the socket in with the key, once per connection: later calls wait on the same login. */
  async authenticate() {
    this.checkRequiredCredentials();
    if (this.socketUrl().startsWith('ws://')) await this.loadHttpProxyAgent();
    const client = this.client(this.socketUrl());
    let login = this.safeValue(client.subscriptions, 'loggedIn');
    if (login === undefined) {
      login = this.watch(this.socketUrl(), 'login', this.loginMessage(), 'login');
      client.subscriptions.loggedIn = login;
    }
    return await login;
  }

  /** The login message: the key and a signature over `timestamp \n recvWindow \n market.login \n`. */
  loginMessage() {
    const timestamp = this.milliseconds();
    const recvWindow = this.safeInteger(this.options, 'recvWindow', 5000);
    const prehash =
      this.numberToString(timestamp) + '\n' + this.numberToString(recvWindow) + '\nmarket.login\n';
    return {
      v: 1,
      type: 'login',
      key: this.apiKey,
      timestamp,
      recvWindow,
      signature: this.signature(prehash),
    };
  }

  /**
   * Every frame: one message or a JSON array of them, in order.
   * @param {any} client
   * @param {any} frame
   */
  handleMessage(client, frame) {
    const messages = Array.isArray(frame) ? frame : [frame];
    for (const message of messages) this.handleOne(client, message);
  }

  /**
   * @param {any} client
   * @param {any} message
   */
  handleOne(client, message) {
    const type = this.safeString(message, 'type');
    if (type === 'book') this.handleBook(client, message);
    else if (type === 'trades') this.handleTrades(client, message);
    else if (type === 'ticker') this.handleTicker(client, message);
    else if (type === 'account') this.handleAccount(client, message);
    else if (type === 'login') client.resolve(message, 'login');
    else if (type === 'result') this.handleResult(client, message);
    else if (type === 'error') this.handleSocketError(client, message);
    else if (type === 'pong') client.lastPong = this.milliseconds();
  }

  /**
   * A book snapshot, or changed levels that must carry the next sequence number.
   * @param {any} client
   * @param {any} message
   */
  handleBook(client, message) {
    const market = this.safeMarket(this.safeString(message, 'pair'));
    const symbol = market.symbol;
    const sequence = this.safeInteger(message, 'sequence');
    let book = this.safeValue(this.orderbooks, symbol);
    if (this.safeBool(message, 'snapshot')) {
      book = this.orderBook({});
      book.reset(this.parseOrderBook(message, symbol, undefined, 'bids', 'asks', 0, 1));
      this.orderbooks[symbol] = book;
    } else if (book === undefined || sequence !== this.sum(book.nonce, 1)) {
      // A missed update: ask again for a fresh snapshot rather than keep a wrong book.
      this.resubscribe(client, { v: 1, type: 'subscribe', stream: 'orders', pair: market.id });
      return;
    } else {
      this.storeLevels(book.bids, this.safeList(message, 'bids', []));
      this.storeLevels(book.asks, this.safeList(message, 'asks', []));
    }
    book.nonce = sequence;
    client.resolve(book, 'book:' + symbol);
  }

  /**
   * @param {any} side
   * @param {any[]} levels
   */
  storeLevels(side, levels) {
    for (const level of levels) side.store(this.safeNumber(level, 0), this.safeNumber(level, 1));
  }

  /**
   * @param {any} client
   * @param {any} message
   */
  resubscribe(client, message) {
    client.send({ v: 1, type: 'unsubscribe', stream: message.stream, pair: message.pair });
    client.send(message);
  }

  /**
   * @param {any} client
   * @param {any} message
   */
  handleTrades(client, message) {
    const market = this.safeMarket(this.safeString(message, 'pair'));
    const fresh = this.parseTrades(this.safeList(message, 'trades', []), market);
    this.heardTrades[market.symbol] = this.keep(this.heardTrades[market.symbol] ?? [], fresh);
    client.resolve(fresh, 'trades:' + market.symbol);
  }

  /**
   * @param {any} client
   * @param {any} message
   */
  handleTicker(client, message) {
    const ticker = this.parseTicker(this.safeDict(message, 'ticker', {}));
    const symbol = /** @type {string} */ (ticker.symbol);
    this.tickers[symbol] = ticker;
    client.resolve(ticker, 'ticker:' + symbol);
  }

  /**
   * The account's orders and fills; its `seq` is kept for a resume.
   * @param {any} client
   * @param {any} message
   */
  handleAccount(client, message) {
    const seq = this.safeInteger(message, 'seq');
    if (seq !== undefined) this.options.accountSeq = seq;
    const orders = this.parseOrders(this.safeList(message, 'orders', []));
    const trades = this.parseTrades(this.safeList(message, 'trades', []));
    this.heardOrders = this.keep(this.heardOrders, orders);
    this.heardFills = this.keep(this.heardFills, trades);
    if (orders.length > 0) client.resolve(orders, 'orders');
    if (trades.length > 0) client.resolve(trades, 'myTrades');
  }

  /**
   * An order request's answer: the order(s), or the refusal as CCXT's exception for its code.
   * @param {any} client
   * @param {any} message
   */
  handleResult(client, message) {
    const hash = 'result:' + this.safeString(message, 'id');
    delete client.subscriptions[hash];
    if (this.safeBool(message, 'status')) {
      client.resolve(message, hash);
      return;
    }
    client.reject(this.refusalError(message), hash);
  }

  /**
   * A refusal of the login (or of a subscription) fails what waits on it.
   * @param {any} client
   * @param {any} message
   */
  handleSocketError(client, message) {
    const code = this.safeString(message, 'code', '');
    const response = {
      status: false,
      error_code: code,
      error_msg: this.safeString(message, 'message'),
    };
    const error = this.refusalError(response);
    if (
      code.startsWith('apiKey.') ||
      code === 'account.blocked' ||
      code.startsWith('stream.login')
    ) {
      delete client.subscriptions.login;
      delete client.subscriptions.loggedIn;
      client.reject(error, 'login');
      return;
    }
    client.reject(error);
  }

  /**
   * The exception handleErrors would throw for a refusal.
   * @param {any} response
   */
  refusalError(response) {
    try {
      this.handleErrors(200, '', '', '', {}, this.json(response), response);
    } catch (error) {
      return error;
    }
    return new errors.ExchangeError(this.id + ' ' + this.json(response));
  }

  /**
   * `kept` and `fresh` together, the newest KEEP.
   * @param {any[]} kept
   * @param {any[]} fresh
   */
  keep(kept, fresh) {
    const all = this.arrayConcat(kept, fresh);
    return all.length > KEEP ? all.slice(all.length - KEEP) : all;
  }
}
