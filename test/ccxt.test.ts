/**
 * The CCXT class (clients/ccxt/) against a real server over HTTP, as a program built on CCXT
 * would use it: every unified method it offers, each result checked against CCXT's structure
 * (test/ccxt/unifiedChecks.ts). PGlite only: the class is a client, and the server paths it calls
 * are tested on both databases in their own files.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order, Trade } from 'ccxt';
import type { FastifyInstance } from 'fastify';
import { SelfHosted } from '../clients/ccxt/selfhosted.js';
import { SelfHostedPro } from '../clients/ccxt/selfhostedPro.js';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { ed25519Key, hmacKey } from './apiKeyTesting.ts';
import {
  checkBalance,
  checkCurrency,
  checkMarket,
  checkOhlcv,
  checkOrder,
  checkOrderBook,
  checkTicker,
  checkTrade,
} from './ccxt/unifiedChecks.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';

describe('the CCXT class against the real server', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let app: FastifyInstance;
  let exchange: SelfHosted;
  let socketUrl: string;
  const started = Date.now();

  before(async () => {
    fresh = await freshPglite();
    db = fresh.db;
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    exchange = new SelfHosted({ urls: { api: { rest: `${base}/api` } } });
    socketUrl = `${base.replace('http', 'ws')}/market`;
    await tradeOnce(app, db);
  });
  after(async () => {
    await app.close();
    await fresh.close();
  });

  it('loads the eight USDT markets with their steps and limits', async () => {
    const markets = await exchange.loadMarkets();
    assert.equal(Object.keys(markets).length, 8);
    for (const market of Object.values(markets)) checkMarket(market);
    assert.equal(exchange.priceToPrecision('XRP/USDT', 0.512345678), '0.5123');
  });

  it('fetches the currencies with their networks, fees and minimums', async () => {
    const currencies = await exchange.fetchCurrencies();
    assert.deepEqual(Object.keys(currencies).sort(), [
      'BNB',
      'BTC',
      'DOGE',
      'ETH',
      'LTC',
      'SOL',
      'TRX',
      'USDT',
      'XRP',
    ]);
    for (const currency of Object.values(currencies)) checkCurrency(currency);
    const usdt = currencies.USDT;
    assert.ok(
      usdt !== undefined && Object.keys(usdt.networks).length > 1,
      'USDT on several chains',
    );
  });

  it('fetches tickers, one ticker and the book', async () => {
    const tickers = await exchange.fetchTickers();
    assert.equal(Object.keys(tickers).length, 8);
    for (const [symbol, ticker] of Object.entries(tickers)) checkTicker(ticker, symbol);
    const xrp = await exchange.fetchTicker('XRP/USDT');
    assert.equal(xrp.last, 0.5);
    const book = await exchange.fetchOrderBook('XRP/USDT', 5);
    checkOrderBook(book, 'XRP/USDT');
    assert.deepEqual(book.asks[0], [0.51, 10]);
  });

  it('fetches public trades and candles', async () => {
    const trades = await exchange.fetchTrades('XRP/USDT');
    assert.equal(trades.length, 1);
    for (const trade of trades) checkTrade(trade, 'XRP/USDT');
    assert.deepEqual([trades[0]?.price, trades[0]?.amount, trades[0]?.side], [0.5, 20, 'buy']);
    const candles = await exchange.fetchOHLCV('XRP/USDT', '1m', started - 60_000);
    assert.ok(candles.length >= 1);
    for (const candle of candles) checkOhlcv(candle, started - 60_000);
    assert.equal(candles.at(-1)?.[4], 0.5);
  });

  it('trades with an HMAC key: balance, limit order, open orders, cancel, a fill, own trades', async () => {
    const trader = await fundedAccount(app, db, { USDT: '1000' });
    const key = await hmacKey(app, trader.token);
    const bot = new SelfHosted({
      urls: { api: { rest: exchange.urls.api.rest } },
      apiKey: key.id,
      secret: key.secret,
    });
    const before = await bot.fetchBalance();
    checkBalance(before);
    assert.deepEqual([before.USDT?.free, before.USDT?.used], [1000, 0]);

    const resting = await bot.createOrder('XRP/USDT', 'limit', 'buy', 100, 0.4, {
      clientOrderId: 'grid-1',
    });
    checkOrder(resting, 'XRP/USDT');
    assert.deepEqual([resting.status, resting.clientOrderId], ['open', 'grid-1']);
    assert.deepEqual((await bot.fetchBalance()).USDT, { free: 960, used: 40, total: 1000 });
    const open = await bot.fetchOpenOrders('XRP/USDT');
    assert.deepEqual(
      open.map((order) => order.id),
      [resting.id],
    );
    const cancelled = await bot.cancelOrder(String(resting.id));
    assert.equal(cancelled.status, 'canceled');
    const byClientId = await bot.fetchOrder('', 'XRP/USDT', { clientOrderId: 'grid-1' });
    assert.deepEqual([byClientId.id, byClientId.status], [resting.id, 'canceled']);
    await assert.rejects(bot.cancelOrder(String(resting.id)), { name: 'OrderNotFound' });

    // Takes the resting 10 XRP at 0.51: a fill, with its fee, in the account's own trades.
    const taken = await bot.createOrder('XRP/USDT', 'market', 'buy', 10);
    checkOrder(taken, 'XRP/USDT');
    assert.deepEqual([taken.status, taken.filled, taken.average], ['closed', 10, 0.51]);
    // The taker fee (0.1 % by default) is paid in what the buy receives.
    assert.deepEqual(taken.fee, { cost: 0.01, currency: 'XRP' });
    assert.equal(
      taken.lastTradeTimestamp,
      (await bot.fetchOrder(String(taken.id))).lastTradeTimestamp,
    );
    const mine = await bot.fetchMyTrades('XRP/USDT');
    assert.equal(mine.length, 1);
    checkTrade(mine[0] as Trade, 'XRP/USDT');
    assert.deepEqual([mine[0]?.order, mine[0]?.takerOrMaker], [taken.id, 'taker']);
    const closed = await bot.fetchClosedOrders('XRP/USDT');
    assert.deepEqual(closed.map((order: Order) => order.status).sort(), ['canceled', 'closed']);
  });

  it('signs with an Ed25519 private key in PEM, and cancels all', async () => {
    const trader = await fundedAccount(app, db, { USDT: '100' });
    const key = await ed25519Key(app, trader.token);
    const bot = new SelfHosted({
      urls: { api: { rest: exchange.urls.api.rest } },
      apiKey: key.id,
      secret: String(key.privateKey.export({ type: 'pkcs8', format: 'pem' })),
    });
    await bot.createOrder('XRP/USDT', 'limit', 'buy', 20, 0.3);
    await bot.createOrder('XRP/USDT', 'limit', 'buy', 20, 0.31);
    const cancelled = await bot.cancelAllOrders('XRP/USDT');
    assert.deepEqual(
      cancelled.map((order) => order.status),
      ['canceled', 'canceled'],
    );
    assert.deepEqual(await bot.fetchOpenOrders(), []);
  });

  it('watches a book over the socket: the snapshot, then each change in sequence', async () => {
    const pro = new SelfHostedPro({
      urls: { api: { rest: exchange.urls.api.rest, ws: socketUrl } },
    });
    try {
      const first = await pro.watchOrderBook('XRP/USDT');
      checkOrderBook(first, 'XRP/USDT');
      // The watched book is one object, kept up to date: note what it said before.
      const before = { levels: first.asks.length, nonce: first.nonce ?? 0 };
      const seller = await fundedAccount(app, db, { XRP: '100' });
      await ok(
        app,
        'orders.place',
        { pair: 'XRP_USDT', side: 'sell', type: 'limit', price: '0.505', amount: '12' },
        { token: seller.token },
      );
      const next = await pro.watchOrderBook('XRP/USDT');
      assert.deepEqual(next.asks[0], [0.505, 12]);
      assert.equal(next.asks.length, before.levels + 1);
      assert.equal(next.nonce, before.nonce + 1);
    } finally {
      await pro.close();
    }
  });

  it('trades over the socket with a key: createOrderWs, the order and fill updates, cancelOrderWs', async () => {
    const trader = await fundedAccount(app, db, { USDT: '1000' });
    const key = await hmacKey(app, trader.token);
    const pro = new SelfHostedPro({
      urls: { api: { rest: exchange.urls.api.rest, ws: socketUrl } },
      apiKey: key.id,
      secret: key.secret,
    });
    try {
      const opening = pro.watchOrders('XRP/USDT');
      const resting = await pro.createOrderWs('XRP/USDT', 'limit', 'buy', 50, 0.3);
      checkOrder(resting, 'XRP/USDT');
      assert.equal(resting.status, 'open');
      const heard = await opening;
      assert.deepEqual(
        heard.map((order: Order) => [order.id, order.status]),
        [[resting.id, 'open']],
      );
      const cancelling = pro.watchOrders('XRP/USDT');
      const cancelled = await pro.cancelOrderWs(String(resting.id));
      assert.equal(cancelled.status, 'canceled');
      const update = await cancelling;
      assert.deepEqual(
        update.map((order: Order) => [order.id, order.status]),
        [[resting.id, 'canceled']],
      );
      const filling = pro.watchMyTrades('XRP/USDT');
      const taken = await pro.createOrderWs('XRP/USDT', 'market', 'buy', 5);
      assert.equal(taken.status, 'closed');
      const fills = await filling;
      assert.deepEqual(
        fills.map((fill: Trade) => [fill.order, fill.amount, fill.takerOrMaker]),
        [[taken.id, 5, 'taker']],
      );
      await assert.rejects(pro.cancelOrderWs(String(resting.id)), { name: 'OrderNotFound' });
    } finally {
      await pro.close();
    }
  });

  it('turns a refusal code into CCXT exception classes', async () => {
    // The server's own refusals: a parameter naming the pair, and a code's family.
    await assert.rejects(exchange.publicCall('markets.getBook', { pair: 'NOPE_USDT' }), {
      name: 'BadSymbol',
      message: /params\.rule: Pair must be one of/,
    });
    await assert.rejects(exchange.fetchOrderBook('XRP/USDT', 0), {
      name: 'BadRequest',
      message: /params\./,
    });
  });
});

/** One resting XRP sell at 0.51 and a trade of 20 XRP at 0.5, so every public read has data. */
async function tradeOnce(app: FastifyInstance, db: Database): Promise<void> {
  const seller = await fundedAccount(app, db, { XRP: '100' });
  const buyer = await fundedAccount(app, db, { USDT: '100' });
  const sell = (price: string, amount: string) =>
    ok(
      app,
      'orders.place',
      { pair: 'XRP_USDT', side: 'sell', type: 'limit', price, amount },
      { token: seller.token },
    );
  await sell('0.5', '20');
  await sell('0.51', '10');
  await ok(
    app,
    'orders.place',
    { pair: 'XRP_USDT', side: 'buy', type: 'limit', price: '0.5', amount: '20' },
    { token: buyer.token },
  );
}
