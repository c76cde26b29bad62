import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ticker, Wallet } from '../../core/protocol.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { createServer } from '../app.ts';
import type { Database } from '../db.ts';
import { post as postEntry } from '../ledger.ts';
import { fails, ok, signUp, testConfig } from '../testing.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** A fresh account funded by deposits. */
  const trader = async (funds: Partial<Record<Ticker, string>>) => {
    const { token, user } = await signUp(app);
    for (const [ticker, amount] of Object.entries(funds)) {
      await postEntry(db, {
        from: { system: 'deposits' },
        to: { user: user.id },
        ticker: ticker as Ticker,
        amount,
        reason: 'Test deposit',
      });
    }
    return { token, id: user.id };
  };
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
      `You have no open order ${theirs.order.id}.`,
    );
    assert.equal(
      await fails(app, { method: 'orders.cancel', id: 99_999_999 }, { token: account.token }),
      'You have no open order 99999999.',
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
});
