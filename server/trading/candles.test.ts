import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker, Wallet } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { CHART_HOURS } from './candles.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  /** Every currency's chart as seeded, read before anything traded. */
  let seeded: Map<string, number[]>;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    const rows = await db.selectFrom('currencies').select(['ticker', 'chart']).execute();
    seeded = new Map(rows.map((row) => [row.ticker, row.chart]));
  });
  after(() => app.close());

  /** A fresh account funded by deposits. */
  const trader = async (funds: Partial<Record<Ticker, string>>) =>
    (await fundedAccount(app, db, funds)).token;
  const wallets = async (token: string): Promise<Map<Ticker, Wallet>> => {
    const answer = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    return new Map((answer.wallets ?? []).map((wallet) => [wallet.ticker, wallet]));
  };
  const chartOf = async (token: string, ticker: Ticker): Promise<number[]> => {
    const chart = (await wallets(token)).get(ticker)?.chart;
    assert.ok(chart !== undefined, `${ticker} has a wallet`);
    return chart;
  };

  /** One trade of `amount` at `price` on `pair`, between two accounts funded for it. */
  const trade = async (pair: PairSymbol, price: string, amount: string) => {
    const base = pair.split('_')[0] as Ticker;
    const seller = await trader({ [base]: amount });
    const buyer = await trader({ USDT: String(Math.ceil(Number(price) * Number(amount))) });
    const order = { pair, type: 'limit', price, amount } as const;
    await ok(app, 'orders.place', { ...order, side: 'sell' }, { token: seller });
    const buy = await ok(app, 'orders.place', { ...order, side: 'buy' }, { token: buyer });
    assert.equal(buy.order.status, 'filled');
  };
  /** Moves a pair's trades so far `hours` into the past. */
  const age = (pair: PairSymbol, hours: number) =>
    sql`update trades set created_at = created_at - make_interval(hours => ${hours})
      where pair = ${pair}`.execute(db);

  test('before any trade every wallet shows its seeded chart', async () => {
    const token = await trader({});
    for (const [ticker, wallet] of await wallets(token)) {
      assert.deepEqual(wallet.chart, seeded.get(ticker), ticker);
    }
  });

  test('after trades the BTC chart is hourly closes ending at the last trade price', async () => {
    await trade('BTC_USDT', '59000', '0.001');
    await age('BTC_USDT', 30);
    await trade('BTC_USDT', '60000', '0.001');
    await trade('BTC_USDT', '61000', '0.001');
    const holder = await trader({ BTC: '0.5' });

    const chart = await chartOf(holder, 'BTC');
    assert.notDeepEqual(chart, seeded.get('BTC'), 'the seeded series is gone');
    // The price as the day began (the trade 30 h ago), then one close per hour.
    assert.equal(chart.length, CHART_HOURS + 1);
    assert.equal(chart[0], 59000);
    assert.equal(chart.at(-1), 61000);
    assert.ok(
      chart.every((point) => [59000, 60000, 61000].includes(point)),
      String(chart),
    );

    // The profile's 24 h change runs from the chart's first price to its last.
    const { user } = await ok(app, 'users.getInfo', {}, { token: holder });
    assert.equal(user.percentChange, Math.round((61000 / 59000 - 1) * 10_000) / 100);
    assert.equal(user.balance, 30500);

    // The same trades as markets.getCandles shows them.
    const { candles } = await ok(app, 'markets.getCandles', { pair: 'BTC_USDT', interval: '1h' });
    assert.equal(candles[0]?.open, '59000');
    assert.equal(candles.at(-1)?.close, '61000');
    const volume = candles.reduce((sum, candle) => sum + Number(candle.baseVolume), 0);
    assert.equal(Math.round(volume * 1e5), 300);
  });

  test("a pair's first trade inside the day starts its chart", async () => {
    await trade('XRP_USDT', '0.5', '20');
    await trade('XRP_USDT', '0.52', '20');
    const chart = await chartOf(await trader({}), 'XRP');
    assert.ok(chart.length >= 2 && chart.length <= CHART_HOURS + 1, String(chart));
    assert.equal(chart[0], 0.5);
    assert.equal(chart.at(-1), 0.52);
  });

  test('a pair that last traded before the day shows that price all day', async () => {
    await trade('SOL_USDT', '150.25', '0.1');
    await age('SOL_USDT', 48);
    const chart = await chartOf(await trader({}), 'SOL');
    assert.deepEqual(chart, Array(CHART_HOURS + 1).fill(150.25));
  });

  test('an untraded coin and USDT keep their seeded charts', async () => {
    const mine = await wallets(await trader({}));
    for (const ticker of ['ETH', 'DOGE', 'USDT'] as const) {
      assert.deepEqual(mine.get(ticker)?.chart, seeded.get(ticker), ticker);
    }
  });
});
