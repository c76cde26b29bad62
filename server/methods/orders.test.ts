import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { PlaceOrderParams, Ticker, Wallet } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, fundedAccount, ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** A fresh account funded by deposits. */
  const trader = (funds: Partial<Record<Ticker, string>>) => fundedAccount(app, db, funds);
  const wallet = async (token: string, ticker: Ticker): Promise<Wallet> => {
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    const found = wallets?.find((w) => w.ticker === ticker);
    assert.ok(found);
    return found;
  };

  /** Every asset's ledger sums to zero, and no user balance is negative. */
  const audit = async () => {
    const sums = await db
      .selectFrom('ledger_accounts')
      .select(['ticker', sql<string>`sum(balance)::text`.as('total')])
      .groupBy('ticker')
      .execute();
    for (const { ticker, total } of sums) assert.equal(Number(total), 0, `${ticker} sums to zero`);
    const negative = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', 'is not', null)
      .where('balance', '<', '0')
      .execute();
    assert.deepEqual(negative, []);
  };

  test('a limit sell and a crossing buy trade at the maker price, with holds and fees', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '100000' });
    const sell = await ok(
      app,
      'orders.place',
      { pair: 'BTC_USDT', side: 'sell', type: 'limit', price: '60000', amount: '0.5' },
      { token: seller.token },
    );
    assert.equal(sell.order.status, 'new');
    assert.equal(sell.order.amount, '0.5');
    const held = await wallet(seller.token, 'BTC');
    assert.deepEqual([held.amount, held.available, held.held], ['1', '0.5', '0.5']);

    const buy = await ok(
      app,
      'orders.place',
      { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '61000', amount: '0.2' },
      { token: buyer.token },
    );
    assert.equal(buy.order.status, 'filled');
    assert.equal(buy.order.averagePrice, '60000');
    assert.equal(buy.order.filledTotal, '12000');

    // The buyer paid 12,000 at the maker's price, not 12,200; the 0.1 % taker fee is in BTC.
    const usdt = await wallet(buyer.token, 'USDT');
    assert.deepEqual([usdt.amount, usdt.held], ['88000', '0']);
    const btc = await wallet(buyer.token, 'BTC');
    assert.equal(btc.amount, '0.1998');
    // The seller got 12,000 less the 0.1 % maker fee, and 0.3 BTC stays held.
    assert.equal((await wallet(seller.token, 'USDT')).amount, '11988');
    const rest = await wallet(seller.token, 'BTC');
    assert.deepEqual([rest.amount, rest.available, rest.held], ['0.8', '0.5', '0.3']);

    const mine = await ok(app, 'trades.getMine', {}, { token: buyer.token });
    assert.equal(mine.trades.length, 1);
    assert.deepEqual(
      [mine.trades[0]?.role, mine.trades[0]?.fee, mine.trades[0]?.feeTicker],
      ['taker', '0.0002', 'BTC'],
    );
    const reasons = await db.selectFrom('ledger_entries').select('reason').orderBy('id').execute();
    assert.ok(reasons.some((r) => r.reason.startsWith(`Order ${sell.order.id} placed`)));
    assert.ok(
      reasons.some((r) => /^Trade \d+ on BTC_USDT: 0\.2 BTC at 60000 USDT$/.test(r.reason)),
    );

    const cancelled = await ok(
      app,
      'orders.cancel',
      { id: sell.order.id },
      { token: seller.token },
    );
    assert.equal(cancelled.order.status, 'cancelled');
    const back = await wallet(seller.token, 'BTC');
    assert.deepEqual([back.available, back.held], ['0.8', '0']);
    await audit();
  });

  test('a client order id places once; placing it again returns the first order', async () => {
    const account = await trader({ USDT: '1000' });
    const order = {
      pair: 'ETH_USDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      amount: '0.1',
      clientOrderId: 'my-order-1',
    } as const;
    const first = await ok(app, 'orders.place', order, { token: account.token });
    const again = await ok(app, 'orders.place', order, { token: account.token });
    assert.equal(again.order.id, first.order.id);
    assert.equal((await ok(app, 'orders.getOpen', {}, { token: account.token })).orders.length, 1);
    assert.equal((await wallet(account.token, 'USDT')).held, '100');
    await ok(app, 'orders.cancelAll', {}, { token: account.token });
    const replay = await ok(app, 'orders.place', order, { token: account.token });
    assert.equal(replay.order.id, first.order.id);
    assert.equal(replay.order.status, 'cancelled');
    await audit();
  });

  test('bad orders get a message naming the problem and change nothing', async () => {
    const account = await trader({ USDT: '50' });
    const other = await trader({ USDT: '50' });
    const base = {
      pair: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '60000',
      amount: '0.001',
    } as const;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, pair: 'BTC_EUR' }, 'Pair must be one of BTC_USDT, ETH_USDT'],
      [{ ...base, amount: 0.001 }, 'Amount must be a decimal string such as "0.5", not a number.'],
      [{ ...base, amount: '0' }, 'Amount must be greater than zero.'],
      [{ ...base, amount: '-1' }, 'Amount must be'],
      [{ ...base, price: '60000.001' }, 'tick'],
      [{ ...base, amount: '0.000001' }, 'lot'],
      [{ ...base, amount: '0.00001' }, 'Order value must be at least 5 USDT.'],
      [{ ...base }, 'Insufficient USDT balance.'],
      [
        { pair: 'DOGE_USDT', side: 'buy', type: 'market', amount: '10' },
        'There are no orders on the other side',
      ],
      [{ ...base, stopPrice: '1' }, 'Stop price is only for stop-limit and stop-market orders.'],
      [{ ...base, limt: 1 }, 'Unknown parameter "limt".'],
    ];
    for (const [params, expected] of cases) {
      const message = await fails(
        app,
        { method: 'orders.place', ...params },
        { token: account.token },
      );
      assert.ok(message.includes(expected), `${JSON.stringify(params)}: ${message}`);
    }
    const theirs = await ok(
      app,
      'orders.place',
      { ...base, amount: '0.0001', price: '50000' },
      { token: other.token },
    );
    assert.equal(
      await fails(app, { method: 'orders.cancel', id: theirs.order.id }, { token: account.token }),
      `You have no order ${theirs.order.id}.`,
    );
    assert.equal(
      await fails(app, { method: 'orders.cancel', id: 99_999_999 }, { token: account.token }),
      'You have no order 99999999.',
    );
    assert.equal((await wallet(account.token, 'USDT')).available, '50');
    assert.equal(
      await fails(app, { method: 'orders.place', ...base }),
      'Please sign in to continue.',
    );
    await audit();
  });

  test('the books are rebuilt from the database after a restart', async () => {
    const account = await trader({ BTC: '2' });
    const placed = await ok(
      app,
      'orders.place',
      { pair: 'BTC_USDT', side: 'sell', type: 'limit', price: '70000', amount: '1' },
      { token: account.token },
    );
    const again = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    try {
      const open = await ok(app, 'orders.getOpen', { pair: 'BTC_USDT' }, { token: account.token });
      const reopened = await ok(
        again,
        'orders.getOpen',
        { pair: 'BTC_USDT' },
        { token: account.token },
      );
      assert.deepEqual(reopened.orders, open.orders);
      assert.equal(reopened.orders[0]?.id, placed.order.id);
    } finally {
      await again.close();
    }
  });

  // Stop orders. Each test trades on a pair of its own: a stop is refused once the last price has
  // reached it, so one test's trades must not move another's trigger.

  /** Places an order for an account; the order as answered. */
  const place = async (token: string, order: PlaceOrderParams) =>
    (await ok(app, 'orders.place', order, { token })).order;
  /** A wallet's amount, available and held, in that order. */
  const funds = async (token: string, ticker: Ticker) => {
    const { amount, available, held } = await wallet(token, ticker);
    return [amount, available, held];
  };
  /** Sets a pair's last price: one trade of `amount` at `price` between two fresh accounts. */
  const tradeAt = async (pair: PairSymbol, price: string, amount: string) => {
    const seller = await trader({ [PAIRS[pair].base]: amount });
    const buyer = await trader({ USDT: '100000' });
    const order = { pair, type: 'limit', price, amount } as const;
    await place(seller.token, { ...order, side: 'sell' });
    assert.equal((await place(buyer.token, { ...order, side: 'buy' })).status, 'filled');
  };

  test('a stop-limit sell waits holding its amount, then triggers, trades and rests at its limit', async () => {
    await tradeAt('SOL_USDT', '100', '0.1');
    const stopper = await trader({ SOL: '1' });
    const stop = await place(stopper.token, {
      pair: 'SOL_USDT',
      side: 'sell',
      type: 'stopLimit',
      stopPrice: '95',
      price: '94',
      amount: '0.5',
    });
    assert.deepEqual([stop.status, stop.triggered, stop.stopPrice], ['new', false, '95']);
    const waiting = await ok(app, 'orders.getOpen', {}, { token: stopper.token });
    assert.deepEqual(
      waiting.orders.map((order) => [order.id, order.triggered]),
      [[stop.id, false]],
    );
    assert.deepEqual(await funds(stopper.token, 'SOL'), ['1', '0.5', '0.5']);
    // A waiting stop is not on the book.
    const book = await ok(app, 'markets.getBook', { pair: 'SOL_USDT' });
    assert.deepEqual(book.book.asks, []);

    // Bids at 95 and 94.5; a sell at 95 trades there, which reaches the stop.
    const bidder = await trader({ USDT: '1000' });
    const bid = { pair: 'SOL_USDT', side: 'buy', type: 'limit' } as const;
    await place(bidder.token, { ...bid, price: '95', amount: '0.3' });
    await place(bidder.token, { ...bid, price: '94.5', amount: '0.1' });
    assert.deepEqual(await funds(stopper.token, 'SOL'), ['1', '0.5', '0.5'], 'not triggered yet');
    const trigger = await trader({ SOL: '0.1' });
    await place(trigger.token, {
      pair: 'SOL_USDT',
      side: 'sell',
      type: 'limit',
      price: '95',
      amount: '0.1',
    });

    // The stop sold 0.2 at 95 and 0.1 at 94.5 as the taker; 0.2 rests at its limit, 94.
    const [open] = (await ok(app, 'orders.getOpen', {}, { token: stopper.token })).orders;
    assert.deepEqual(
      [open?.id, open?.status, open?.triggered, open?.filled, open?.filledTotal],
      [stop.id, 'partiallyFilled', true, '0.3', '28.45'],
    );
    assert.deepEqual(await funds(stopper.token, 'SOL'), ['0.7', '0.5', '0.2']);
    // 28.45 USDT less the 0.1 % taker fee.
    assert.deepEqual(await funds(stopper.token, 'USDT'), ['28.42155', '28.42155', '0']);
    const asks = (await ok(app, 'markets.getBook', { pair: 'SOL_USDT' })).book.asks;
    assert.deepEqual(asks, [{ price: '94', amount: '0.2', orders: 1 }]);
    assert.deepEqual(await funds(bidder.token, 'USDT'), ['962.05', '962.05', '0']);
    await audit();

    // After a restart the triggered stop rests as the limit order it became, not as a stop.
    const again = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    try {
      const reopened = await ok(again, 'orders.getOpen', {}, { token: stopper.token });
      assert.deepEqual(reopened.orders, [open]);
      const rebuilt = await ok(again, 'markets.getBook', { pair: 'SOL_USDT' });
      assert.deepEqual(rebuilt.book.asks, asks);
    } finally {
      await again.close();
    }

    const cancelled = await ok(app, 'orders.cancel', { id: stop.id }, { token: stopper.token });
    assert.equal(cancelled.order.status, 'cancelled');
    assert.deepEqual(await funds(stopper.token, 'SOL'), ['0.7', '0.7', '0']);
    await audit();
  });

  test('a stop-market buy with a total holds the total, then spends it when triggered', async () => {
    await tradeAt('LTC_USDT', '80', '0.1');
    const stopper = await trader({ USDT: '100' });
    const stop = await place(stopper.token, {
      pair: 'LTC_USDT',
      side: 'buy',
      type: 'stopMarket',
      stopPrice: '85',
      total: '50',
    });
    assert.deepEqual([stop.status, stop.total, stop.triggered], ['new', '50', false]);
    assert.deepEqual(await funds(stopper.token, 'USDT'), ['100', '50', '50']);

    const asker = await trader({ LTC: '1' });
    await place(asker.token, {
      pair: 'LTC_USDT',
      side: 'sell',
      type: 'limit',
      price: '86',
      amount: '1',
    });
    assert.deepEqual(await funds(stopper.token, 'USDT'), ['100', '50', '50'], 'not triggered yet');
    const trigger = await trader({ USDT: '100' });
    await place(trigger.token, {
      pair: 'LTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '86',
      amount: '0.1',
    });

    // 50 USDT buys 0.581 LTC at 86 (49.966); the 0.034 that cannot buy a lot goes back.
    const [done] = (await ok(app, 'orders.getHistory', {}, { token: stopper.token })).orders;
    assert.deepEqual(
      [done?.id, done?.status, done?.triggered, done?.filled, done?.filledTotal],
      [stop.id, 'filled', true, '0.581', '49.966'],
    );
    assert.deepEqual(await funds(stopper.token, 'USDT'), ['50.034', '50.034', '0']);
    // 0.581 LTC less the 0.1 % taker fee.
    assert.deepEqual(await funds(stopper.token, 'LTC'), ['0.580419', '0.580419', '0']);
    assert.deepEqual((await ok(app, 'orders.getOpen', {}, { token: stopper.token })).orders, []);
    assert.deepEqual(await funds(asker.token, 'LTC'), ['0.319', '0', '0.319']);
    await audit();
  });

  test('a stop whose fills reach another stop triggers it in the same placement', async () => {
    await tradeAt('BNB_USDT', '300', '0.1');
    const bidder = await trader({ USDT: '1000' });
    for (const price of ['295', '290', '285']) {
      await place(bidder.token, {
        pair: 'BNB_USDT',
        side: 'buy',
        type: 'limit',
        price,
        amount: '0.1',
      });
    }
    const stop = { pair: 'BNB_USDT', side: 'sell', type: 'stopMarket', amount: '0.1' } as const;
    const first = await trader({ BNB: '0.1' });
    const second = await trader({ BNB: '0.1' });
    const firstStop = await place(first.token, { ...stop, stopPrice: '296' });
    const secondStop = await place(second.token, { ...stop, stopPrice: '291' });
    assert.deepEqual(await funds(first.token, 'BNB'), ['0.1', '0', '0.1']);
    assert.deepEqual(await funds(second.token, 'BNB'), ['0.1', '0', '0.1']);

    // A sell at 295 reaches the first stop (296); its sale at 290 reaches the second (291).
    const seller = await trader({ BNB: '0.1' });
    await place(seller.token, {
      pair: 'BNB_USDT',
      side: 'sell',
      type: 'limit',
      price: '295',
      amount: '0.1',
    });
    const { trades } = await ok(app, 'markets.getTrades', { pair: 'BNB_USDT' });
    assert.deepEqual(
      trades.slice(0, 3).map((trade) => [trade.price, trade.amount, trade.takerSide]),
      [
        ['285', '0.1', 'sell'],
        ['290', '0.1', 'sell'],
        ['295', '0.1', 'sell'],
      ],
    );
    for (const [account, placed] of [
      [first, firstStop],
      [second, secondStop],
    ] as const) {
      const [order] = (await ok(app, 'orders.getHistory', {}, { token: account.token })).orders;
      assert.deepEqual([order?.id, order?.status, order?.triggered], [placed.id, 'filled', true]);
      assert.deepEqual(await funds(account.token, 'BNB'), ['0', '0', '0']);
    }
    // Each sold 0.1 as the taker and paid 0.1 % of what it got.
    assert.deepEqual(await funds(first.token, 'USDT'), ['28.971', '28.971', '0']);
    assert.deepEqual(await funds(second.token, 'USDT'), ['28.4715', '28.4715', '0']);
    // The bidder's three bids all filled: 87 USDT spent, 0.3 BNB less the maker fee received.
    assert.deepEqual(await funds(bidder.token, 'USDT'), ['913', '913', '0']);
    assert.deepEqual(await funds(bidder.token, 'BNB'), ['0.2997', '0.2997', '0']);
    const { items } = await ok(app, 'currencies.getItems', {});
    assert.equal(items?.find((item) => item.ticker === 'BNB')?.price, '285');
    await audit();
  });

  test('cancelling a stop that has not triggered gives its hold back', async () => {
    const account = await trader({ USDT: '100', TRX: '50' });
    const buyStop = await place(account.token, {
      pair: 'TRX_USDT',
      side: 'buy',
      type: 'stopLimit',
      stopPrice: '0.3',
      price: '0.31',
      amount: '100',
    });
    const sellStop = await place(account.token, {
      pair: 'TRX_USDT',
      side: 'sell',
      type: 'stopMarket',
      stopPrice: '0.2',
      amount: '50',
      clientOrderId: 'trx-stop-loss',
    });
    assert.deepEqual(await funds(account.token, 'USDT'), ['100', '69', '31']);
    assert.deepEqual(await funds(account.token, 'TRX'), ['50', '0', '50']);
    const open = await ok(app, 'orders.getOpen', { pair: 'TRX_USDT' }, { token: account.token });
    assert.deepEqual(
      open.orders.map((order) => [order.id, order.status, order.triggered]),
      [
        [buyStop.id, 'new', false],
        [sellStop.id, 'new', false],
      ],
    );

    const cancelled = await ok(app, 'orders.cancel', { id: buyStop.id }, { token: account.token });
    assert.deepEqual([cancelled.order.status, cancelled.order.triggered], ['cancelled', false]);
    assert.deepEqual(await funds(account.token, 'USDT'), ['100', '100', '0']);
    const byClientId = await ok(
      app,
      'orders.cancel',
      { clientOrderId: 'trx-stop-loss' },
      { token: account.token },
    );
    assert.equal(byClientId.order.id, sellStop.id);
    assert.deepEqual(await funds(account.token, 'TRX'), ['50', '50', '0']);
    assert.deepEqual((await ok(app, 'orders.getOpen', {}, { token: account.token })).orders, []);
    await audit();
  });

  test('bad stop orders get a message naming the problem and change nothing', async () => {
    const account = await trader({ USDT: '1000', BTC: '0.1' });
    // The first test left BTC_USDT's last price at 60000.
    const stopLimit = {
      pair: 'BTC_USDT',
      side: 'sell',
      type: 'stopLimit',
      stopPrice: '55000',
      price: '54000',
      amount: '0.01',
    } as const;
    const stopMarket = { pair: 'BTC_USDT', side: 'buy', type: 'stopMarket', total: '100' } as const;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...stopLimit, stopPrice: undefined }, 'Stop price is required for a stop order.'],
      [{ ...stopMarket }, 'Stop price is required for a stop order.'],
      [
        { ...stopLimit, stopPrice: '55000.001' },
        'Stop price must be a multiple of the tick size 0.01.',
      ],
      [
        { ...stopMarket, stopPrice: '65000.005' },
        'Stop price must be a multiple of the tick size 0.01.',
      ],
      [{ ...stopLimit, stopPrice: '0' }, 'Stop price must be greater than zero.'],
      [{ ...stopLimit, stopPrice: 'soon' }, 'Stop price must be a decimal string such as "64000".'],
      [
        { ...stopLimit, stopPrice: 55000 },
        'must be a decimal string such as "64000", not a number.',
      ],
      [{ ...stopLimit, price: undefined }, 'Price is required.'],
      [
        { ...stopMarket, stopPrice: '65000', side: 'sell' },
        'A market sell gives the amount to sell.',
      ],
      [{ ...stopMarket, stopPrice: '65000', price: '65000' }, 'A market order takes no price'],
      // A sell stop above the last price (or a buy stop below it) would trigger at once.
      [
        { ...stopLimit, stopPrice: '61000', price: '61000' },
        'The last price has already reached the stop price.',
      ],
      [{ ...stopMarket, stopPrice: '59000' }, 'The last price has already reached the stop price.'],
    ];
    for (const [params, expected] of cases) {
      const message = await fails(
        app,
        { method: 'orders.place', ...params },
        { token: account.token },
      );
      assert.ok(message.includes(expected), `${JSON.stringify(params)}: ${message}`);
    }
    assert.deepEqual(await funds(account.token, 'USDT'), ['1000', '1000', '0']);
    assert.deepEqual(await funds(account.token, 'BTC'), ['0.1', '0.1', '0']);
    assert.deepEqual((await ok(app, 'orders.getOpen', {}, { token: account.token })).orders, []);
    await audit();
  });

  test('a self-trade allowed with selfTrade none leaves the balances as they were, fees apart', async () => {
    const both = await trader({ XRP: '1000', USDT: '1000' });
    // A pair no other test here trades, so the two orders meet only each other.
    const sell = { pair: 'XRP_USDT' as const, side: 'sell' as const, type: 'limit' as const };
    await ok(
      app,
      'orders.place',
      { ...sell, price: '0.5', amount: '100', selfTrade: 'none' },
      { token: both.token },
    );
    // The buy fills at once, so it holds nothing: it pays the seller, which is itself.
    const buy = await ok(
      app,
      'orders.place',
      { ...sell, side: 'buy', price: '0.5', amount: '100', selfTrade: 'none' },
      { token: both.token },
    );
    assert.equal(buy.order.status, 'filled');
    const xrp = await wallet(both.token, 'XRP');
    const usdt = await wallet(both.token, 'USDT');
    // Only the fees left: 0.1 % of the 100 XRP bought and of the 50 USDT received.
    assert.deepEqual([xrp.amount, usdt.amount], ['999.9', '999.95']);
    await audit();
  });
});
