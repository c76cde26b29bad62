import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PAIR_SYMBOLS } from '../../../core/markets/pairs.ts';
import { forEachDatabase } from '../../../test/databases.ts';
import { seededRandom } from '../../../test/seededRandom.ts';
import { ok, testConfig } from '../../../test/serverTesting.ts';
import { auditSpot } from '../../../test/spot/audit.ts';
import { createServer } from '../../app.ts';
import type { Database } from '../../storage/db.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A demo market with an hour of past, a step a minute, and quick live trading after it. */
const config = testConfig({ DEMO_MARKET: 'on', API_RATE_LIMIT: '0' });
const start = (db: Database, seed: number): Promise<FastifyInstance> =>
  createServer(config, db, {
    demoMarket: {
      quoteIntervalMs: 20,
      tradeIntervalMs: 20,
      pastHours: 1,
      pastStepMs: MINUTE_MS,
      random: seededRandom(seed),
    },
  });

/** Waits until `check` holds, polling; fails naming `what` if it never does. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 1200; tries++) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`never happened: ${what}`);
}

async function tradeCount(db: Database, backdated: boolean): Promise<number> {
  const row = await db
    .selectFrom('trades')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('backdated', '=', backdated)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** How many pairs have traded live: a pair goes live once its own past is played. */
async function pairsLive(db: Database): Promise<number> {
  const row = await db
    .selectFrom('trades')
    .select(sql<number>`count(distinct pair)::int`.as('n'))
    .where('backdated', '=', false)
    .executeTakeFirstOrThrow();
  return row.n;
}

forEachDatabase((open) => {
  test('a first start plays the past hour through the market, once, and a cut-short past goes on', async () => {
    const db = await open();
    const began = Date.now();

    // Stopped while the past plays (if it is not done already): every batch is whole.
    const first = await start(db, 11);
    await until('part of the past is played', async () => (await tradeCount(db, true)) >= 80);
    await first.close();
    assert.deepEqual(await auditSpot(db, config.referralShare), []);
    assert.equal(await tradeCount(db, false), 0, 'no live trade before the past is done');

    // The next start plays what is left, then trades live.
    const second = await start(db, 12);
    try {
      // Spread (PostgreSQL), each pair's past is played by its own unit and the pair goes live
      // when its past is done, so the first live trade does not mean every past is over.
      await until(
        'every pair trades live',
        async () => (await pairsLive(db)) === PAIR_SYMBOLS.length,
      );
      // Every pair traded in every minute of the hour (but the one it began in and the last).
      const minutes = await db
        .selectFrom('trades')
        .select([
          'pair',
          sql<number>`count(distinct date_trunc('minute', created_at))::int`.as('n'),
        ])
        .where('backdated', '=', true)
        .where('created_at', '>=', new Date(began - HOUR_MS + MINUTE_MS))
        .where('created_at', '<', new Date(began - MINUTE_MS))
        .groupBy('pair')
        .execute();
      assert.equal(minutes.length, PAIR_SYMBOLS.length);
      for (const { pair, n } of minutes) assert.ok(n >= 57, `${pair}: trades in ${n} minutes`);
      // Nothing backdated later than the past was played, nor earlier than the hour.
      const span = await db
        .selectFrom('trades')
        .select([sql<Date>`min(created_at)`.as('first'), sql<Date>`max(created_at)`.as('last')])
        .where('backdated', '=', true)
        .executeTakeFirstOrThrow();
      assert.ok(new Date(span.first).getTime() >= began - HOUR_MS - MINUTE_MS);
      assert.ok(new Date(span.last).getTime() <= Date.now());

      // The chart has a candle a minute; every ticker has its 24 h figures.
      const { candles } = await ok(second, 'markets.getCandles', {
        pair: 'BTC_USDT',
        interval: '1m',
        from: began - HOUR_MS,
      });
      assert.ok(candles.length >= 58, `${candles.length} one-minute candles`);
      const { items } = await ok(second, 'markets.getItems', {});
      for (const item of items) {
        for (const figure of [item.last, item.change, item.high, item.low]) {
          assert.notEqual(figure, null, `${item.pair}: ${JSON.stringify(item)}`);
        }
        assert.ok(Number(item.baseVolume) > 0, `${item.pair} has a volume`);
      }
    } finally {
      await second.close();
    }
    assert.deepEqual(await auditSpot(db, config.referralShare), []);

    // Once the market traded live, a start plays no past again.
    const backdated = await tradeCount(db, true);
    const live = await tradeCount(db, false);
    const third = await start(db, 13);
    try {
      await until(
        'the demo market trades live again',
        async () => (await tradeCount(db, false)) > live,
      );
    } finally {
      await third.close();
    }
    assert.equal(await tradeCount(db, true), backdated);
    assert.deepEqual(await auditSpot(db, config.referralShare), []);
  });
});
