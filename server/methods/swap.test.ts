import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { PlaceOrderParams, Ticker } from '../../core/protocol/index.ts';
import { SWAP_QUOTE_SECONDS } from '../../core/protocol/swap.ts';
import { forEachDatabase } from '../../test/databases.ts';
import {
  call,
  fails,
  fundedAccount,
  ok,
  testConfig,
  userBalance,
} from '../../test/serverTesting.ts';
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

  const trader = (funds: Partial<Record<Ticker, string>>) => fundedAccount(app, db, funds);
  const place = (token: string, order: PlaceOrderParams) =>
    ok(app, 'orders.place', order, { token });
  const balances = async (id: number, tickers: Ticker[]) =>
    Object.fromEntries(
      await Promise.all(
        tickers.map(async (t) => [t, (await userBalance(db, id, t)).available] as const),
      ),
    );

  /** Every asset's ledger sums to zero, and no user balance is negative. */
  const audit = async () => {
    const sums = await db
      .selectFrom('ledger_accounts')
      .select(['ticker', sql<string>`sum(balance)::text`.as('total')])
      .groupBy('ticker')
      .execute();
    for (const { ticker, total } of sums) assert.equal(Number(total), 0, `${ticker} sums to zero`);
  };

  /** A maker resting a ladder of orders on one side of a pair. */
  const ladder = async (
    pair: PlaceOrderParams['pair'],
    side: 'buy' | 'sell',
    levels: [price: string, amount: string][],
  ) => {
    const base = pair.split('_')[0] as Ticker;
    const maker = await trader(side === 'buy' ? { USDT: '10000000' } : { [base]: '100000' });
    for (const [price, amount] of levels) {
      await place(maker.token, { pair, side, type: 'limit', price, amount });
    }
    return maker;
  };

  /** Clears every resting order of the test's makers. */
  const clear = async (...makers: { token: string }[]) => {
    for (const maker of makers) await ok(app, 'orders.cancelAll', {}, { token: maker.token });
  };

  test('a quote through USDT fills exactly as quoted, and a retried accept fills once', async () => {
    const bids = await ladder('BTC_USDT', 'buy', [
      ['60000', '0.5'],
      ['59000', '0.5'],
    ]);
    const asks = await ladder('ETH_USDT', 'sell', [
      ['3000', '1'],
      ['3100', '10'],
    ]);
    const me = await trader({ BTC: '1' });
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'BTC', to: 'ETH', amount: '0.1' },
      { token: me.token },
    );
    // 0.1 BTC at 60,000 is 6,000 USDT, less the 0.1 % taker fee: 5,994. That buys 1 ETH at
    // 3,000 and 0.9658 ETH at 3,100 (2,993.98 USDT), leaving 0.02 USDT; less 0.1 % of 1.9658 ETH.
    assert.deepEqual(quote.route, ['BTC', 'USDT', 'ETH']);
    assert.equal(quote.received, '1.9638342');
    assert.equal(quote.remainder, '0.02');
    assert.deepEqual(
      quote.legs.map((leg) => [leg.pair, leg.side, leg.amount, leg.limitPrice, leg.fee]),
      [
        ['BTC_USDT', 'sell', '0.1', '60000', '6'],
        ['ETH_USDT', 'buy', '1.9658', '3100', '0.0019658'],
      ],
    );
    assert.equal(quote.rate, '19.638342');
    assert.ok(Number(quote.priceImpact) > 0, 'walking two levels of ETH costs something');
    assert.ok(Date.parse(quote.expiresAt) > Date.now());

    const [first, second] = await Promise.all([
      ok(app, 'swap.accept', { quoteId: quote.id }, { token: me.token }),
      ok(app, 'swap.accept', { quoteId: quote.id }, { token: me.token }),
    ]);
    assert.deepEqual(first.swap, second.swap);
    assert.deepEqual(
      [first.swap.amount, first.swap.received, first.swap.remainder],
      ['0.1', '1.9638342', '0.02'],
    );
    const again = await ok(app, 'swap.accept', { quoteId: quote.id }, { token: me.token });
    assert.deepEqual(again.swap, first.swap);
    assert.deepEqual(await balances(me.id, ['BTC', 'ETH', 'USDT']), {
      BTC: '0.9',
      ETH: '1.9638342',
      USDT: '0.02',
    });
    const orders = await ok(app, 'orders.getHistory', {}, { token: me.token });
    assert.deepEqual(
      orders.orders.map((order) => [order.pair, order.status, order.timeInForce]),
      [
        ['ETH_USDT', 'filled', 'FOK'],
        ['BTC_USDT', 'filled', 'FOK'],
      ],
    );
    const { swaps } = await ok(app, 'swap.getMine', {}, { token: me.token });
    assert.deepEqual(swaps, [first.swap]);
    const { entries } = await ok(app, 'wallet.getHistory', {}, { token: me.token });
    const legs = entries.filter((entry) => entry.reason !== 'Test deposit');
    // Three trades (one BTC bid, two ETH asks), each two entries and a fee: the fees (the
    // account's alone) say what the swap was; the trades, which the makers see too, only that
    // it was a swap.
    assert.equal(legs.length, 9);
    const own = `Swap 0.1 BTC → 1.9638342 ETH (quote ${quote.id}): Trade `;
    const shared = `Swap (quote ${quote.id}): Trade `;
    assert.equal(
      legs.filter((entry) => entry.kind === 'fee' && entry.reason.startsWith(own)).length,
      3,
    );
    assert.equal(
      legs.filter((entry) => entry.kind === 'trade' && entry.reason.startsWith(shared)).length,
      6,
    );
    const makers = await ok(app, 'wallet.getHistory', { kind: 'trade' }, { token: bids.token });
    assert.ok(makers.entries.some((entry) => entry.reason.startsWith(shared)));
    assert.ok(makers.entries.every((entry) => !entry.reason.includes('ETH (quote')));
    await clear(bids, asks);
    await audit();
  });

  test('an expired quote is refused with a fresh one, and nothing moves', async () => {
    const bids = await ladder('ETH_USDT', 'buy', [['3000', '5']]);
    const me = await trader({ ETH: '1' });
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'ETH', to: 'USDT', amount: '0.5' },
      { token: me.token },
    );
    assert.deepEqual(
      [quote.received, quote.remainder, quote.route],
      ['1498.5', '0', ['ETH', 'USDT']],
    );
    await db
      .updateTable('swaps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', quote.id)
      .execute();
    const reply = await call(app, 'swap.accept', { quoteId: quote.id }, { token: me.token });
    assert.equal(reply.status, false);
    assert.equal(
      reply.status ? '' : reply.error_msg,
      errorText('swap.quoteExpired', { seconds: SWAP_QUOTE_SECONDS }),
    );
    const fresh = reply.status ? undefined : reply.quote;
    assert.ok(fresh !== undefined && fresh.id !== quote.id);
    assert.deepEqual(await balances(me.id, ['ETH', 'USDT']), { ETH: '1', USDT: '0' });
    // The fresh quote fills.
    const { swap } = await ok(app, 'swap.accept', { quoteId: fresh.id }, { token: me.token });
    assert.deepEqual([swap.amount, swap.received], ['0.5', '1498.5']);
    assert.deepEqual(await balances(me.id, ['ETH', 'USDT']), { ETH: '0.5', USDT: '1498.5' });
    await clear(bids);
    await audit();
  });

  test('a quote the book has moved against is refused with a fresh one', async () => {
    const asks = await ladder('SOL_USDT', 'sell', [
      ['100', '1'],
      ['110', '100'],
    ]);
    const me = await trader({ USDT: '500' });
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'USDT', to: 'SOL', amount: '300' },
      { token: me.token },
    );
    // 100 USDT buys 1 SOL, 200 buys 1.818 more at 110 (199.98), leaving 0.02 USDT.
    assert.deepEqual([quote.received, quote.remainder], ['2.815182', '0.02']);
    // Someone else takes the cheap level first.
    const other = await trader({ USDT: '1000' });
    await place(other.token, {
      pair: 'SOL_USDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      amount: '1',
    });
    const reply = await call(app, 'swap.accept', { quoteId: quote.id }, { token: me.token });
    assert.equal(reply.status ? '' : reply.error_msg, errorText('swap.priceMoved'));
    const fresh = reply.status ? undefined : reply.quote;
    assert.ok(fresh !== undefined);
    assert.deepEqual([fresh.received, fresh.remainder], ['2.724273', '0.03']);
    assert.deepEqual(await balances(me.id, ['SOL', 'USDT']), { SOL: '0', USDT: '500' });
    const { swap } = await ok(app, 'swap.accept', { quoteId: fresh.id }, { token: me.token });
    // A USDT swap spends what the fill cost; the rest never left the balance.
    assert.deepEqual([swap.amount, swap.received, swap.remainder], ['299.97', '2.724273', '0']);
    assert.deepEqual(await balances(me.id, ['SOL', 'USDT']), { SOL: '2.724273', USDT: '200.03' });
    await clear(asks);
    await audit();
  });

  test('a route whose second leg no longer fills places neither leg', async () => {
    const bids = await ladder('BNB_USDT', 'buy', [['600', '10']]);
    const asks = await ladder('TRX_USDT', 'sell', [['0.25', '10000']]);
    const me = await trader({ BNB: '2' });
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'BNB', to: 'TRX', amount: '1' },
      { token: me.token },
    );
    // The first leg would still fill as quoted; the TRX it buys is gone.
    await clear(asks);
    const reply = await call(app, 'swap.accept', { quoteId: quote.id }, { token: me.token });
    assert.equal(reply.status ? '' : reply.error_msg, errorText('swap.noLiquidity'));
    assert.deepEqual(await balances(me.id, ['BNB', 'USDT', 'TRX']), {
      BNB: '2',
      USDT: '0',
      TRX: '0',
    });
    const { orders } = await ok(app, 'orders.getHistory', {}, { token: me.token });
    assert.deepEqual(orders, []);
    await clear(bids);
    await audit();
  });

  test('a swap against an empty book or larger than the book is refused before accepting', async () => {
    const me = await trader({ LTC: '10', USDT: '100' });
    const empty = await fails(
      app,
      { method: 'swap.quote', from: 'LTC', to: 'USDT', amount: '1' },
      { token: me.token },
    );
    assert.equal(empty, errorText('swap.noLiquidity'));
    const bids = await ladder('LTC_USDT', 'buy', [['80', '2']]);
    const large = await fails(
      app,
      { method: 'swap.quote', from: 'LTC', to: 'USDT', amount: '5' },
      { token: me.token },
    );
    assert.equal(large, errorText('swap.tooLargeToSell', { most: '2 LTC' }));
    // A quote whose book empties before it is accepted is refused.
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'LTC', to: 'USDT', amount: '1' },
      { token: me.token },
    );
    await clear(bids);
    const reply = await fails(
      app,
      { method: 'swap.accept', quoteId: quote.id },
      { token: me.token },
    );
    assert.equal(reply, errorText('swap.noLiquidity'));
    assert.deepEqual(await balances(me.id, ['LTC', 'USDT']), { LTC: '10', USDT: '100' });
    await audit();
  });

  test('bad input gets a clear message and moves nothing', async () => {
    const bids = await ladder('BTC_USDT', 'buy', [['60000', '1']]);
    const me = await trader({ BTC: '1' });
    const quote = (params: Record<string, unknown>) =>
      fails(app, { method: 'swap.quote', ...params }, { token: me.token });
    assert.match(await quote({ from: 'ABC', to: 'ETH', amount: '1' }), /from must be one of/i);
    assert.match(await quote({ from: 'BTC', to: 'EUR', amount: '1' }), /to must be one of/i);
    assert.equal(
      await quote({ from: 'BTC', to: 'BTC', amount: '1' }),
      errorText('swap.sameCurrency'),
    );
    assert.equal(
      await quote({ from: 'BTC', to: 'USDT', amount: '0.000001' }),
      errorText('swap.overPrecise', { ticker: 'BTC', step: '0.00001' }),
    );
    assert.equal(
      await quote({ from: 'BTC', to: 'USDT', amount: '0.00001' }),
      errorText('swap.belowMinimum', { minValue: '5' }),
    );
    assert.equal(
      await quote({ from: 'BTC', to: 'USDT', amount: '0' }),
      errorText('swap.zeroAmount'),
    );
    assert.match(await quote({ from: 'BTC', to: 'USDT', amount: 0.1 }), /not a number/);
    assert.equal(
      await quote({ from: 'BTC', to: 'USDT', amount: '1e3' }),
      errorText('swap.amountFormat'),
    );
    assert.equal(
      await fails(app, { method: 'swap.accept', quoteId: 999999 }, { token: me.token }),
      errorText('swap.unknownQuote'),
    );
    // Another account's quote is not yours to accept.
    const { quote: theirs } = await ok(
      app,
      'swap.quote',
      { from: 'BTC', to: 'USDT', amount: '0.1' },
      { token: me.token },
    );
    const other = await trader({ BTC: '1' });
    assert.equal(
      await fails(app, { method: 'swap.accept', quoteId: theirs.id }, { token: other.token }),
      errorText('swap.unknownQuote'),
    );
    // Spending more than one has.
    const poor = await trader({ BTC: '0.1' });
    const { quote: tooMuch } = await ok(
      app,
      'swap.quote',
      { from: 'BTC', to: 'USDT', amount: '0.2' },
      { token: poor.token },
    );
    assert.equal(
      await fails(app, { method: 'swap.accept', quoteId: tooMuch.id }, { token: poor.token }),
      'Insufficient BTC balance.',
    );
    assert.deepEqual(await balances(me.id, ['BTC', 'USDT']), { BTC: '1', USDT: '0' });
    assert.deepEqual(await balances(poor.id, ['BTC', 'USDT']), { BTC: '0.1', USDT: '0' });
    await clear(bids);
    await audit();
  });

  test('an account whose swaps staff turned off cannot quote or accept', async () => {
    const bids = await ladder('XRP_USDT', 'buy', [['0.5', '1000']]);
    const me = await trader({ XRP: '100' });
    const { quote } = await ok(
      app,
      'swap.quote',
      { from: 'XRP', to: 'USDT', amount: '100' },
      { token: me.token },
    );
    await db.updateTable('users').set({ is_swap: false }).where('id', '=', me.id).execute();
    assert.equal(
      await fails(
        app,
        { method: 'swap.quote', from: 'XRP', to: 'USDT', amount: '100' },
        { token: me.token },
      ),
      errorText('swap.disabled'),
    );
    assert.equal(
      await fails(app, { method: 'swap.accept', quoteId: quote.id }, { token: me.token }),
      errorText('swap.disabled'),
    );
    assert.deepEqual(await balances(me.id, ['XRP', 'USDT']), { XRP: '100', USDT: '0' });
    await clear(bids);
    await audit();
  });
});
