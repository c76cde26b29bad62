/**
 * The demo market on a spread market (`MARKET_SPREAD=on`) of three servers on a fresh
 * PostgreSQL database: each pair's owner plays the pair's past through its own market (engine,
 * holds, ledger), then trades it live. The first server up takes every pair and starts every
 * past; the two started after it take their fair shares while the pasts play, and each goes on
 * from the pair's last past trade: every pair gets its past once, whole, marked as demo data,
 * before any live trade on it, a visitor's tickers and charts show it, and the audit is clean. A
 * server stopped later hands its pairs on, and no past is played again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { PAIR_SYMBOLS } from '../core/markets/pairs.ts';
import type { Database } from '../server/storage/db.ts';
import type { DemoMarketOptions } from '../server/trading/demo/DemoMarket.ts';
import { MARKET_MAKER, TAKER } from '../server/trading/demo/ensureTrader.ts';
import { unitNameOf } from '../server/trading/units.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { unitOwners } from './cluster/servers.ts';
import { forEachDatabase } from './databases.ts';
import { seededRandom } from './seededRandom.ts';
import { ok, testConfig } from './serverTesting.ts';
import { auditSpot } from './spot/audit.ts';
import { until } from './supportTesting.ts';

const HOUR_MS = 3_600_000;
const STEP_MS = 300_000;
/**
 * Long enough a past that the servers started after the first take pairs while it plays (a
 * server's units' steps join one batch: 3 h was over before the first pair was handed on).
 */
const PAST_HOURS = 12;
const STEPS = (PAST_HOURS * HOUR_MS) / STEP_MS;
/** Steps with a trade in a whole past: nine in ten. */
const WHOLE = Math.floor(STEPS * 0.9);
/** How long the pasts may take to play. */
const PAST_WAIT_MS = 240_000;
const UNITS = PAIR_SYMBOLS.map(unitNameOf);

/** A quick demo market: a past of PAST_HOURS, a step every 5 minutes as by default, then live. */
const demo = (seed: number): DemoMarketOptions => ({
  quoteIntervalMs: 200,
  tradeIntervalMs: 50,
  pastHours: PAST_HOURS,
  pastStepMs: STEP_MS,
  random: seededRandom(seed),
});

/** Per pair: the past's trades, the distinct moments and step slots they fell in, live trades. */
interface PairTrades {
  pair: string;
  past: number;
  moments: number;
  slots: number;
  live: number;
  lastPast: Date | null;
  firstLive: Date | null;
  others: number;
}

async function tradesByPair(db: Database, makerId: number, takerId: number) {
  const { rows } = await sql<PairTrades>`
    select pair,
           (count(*) filter (where backdated))::int as past,
           (count(distinct created_at) filter (where backdated))::int as moments,
           (count(distinct floor(extract(epoch from created_at) * 1000 / ${STEP_MS}))
             filter (where backdated))::int as slots,
           (count(*) filter (where not backdated))::int as live,
           max(created_at) filter (where backdated) as "lastPast",
           min(created_at) filter (where not backdated) as "firstLive",
           (count(*) filter (where backdated
             and (maker_user_id <> ${makerId} or taker_user_id <> ${takerId})))::int as others
      from trades group by pair order by pair`.execute(db);
  return new Map(rows.map((row) => [row.pair, row]));
}

/** A demo trader's id, once the first unit's demo made the account. */
async function userIdOf(db: Database, email: string): Promise<number> {
  let id = 0;
  await until(`the account ${email}`, async () => {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    id = row?.id ?? 0;
    return row !== undefined;
  });
  return id;
}

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let db: Database;
    const referralShare = testConfig().referralShare;
    const env = { MARKET_SPREAD: 'on', DEMO_MARKET: 'on' };
    const start = (name: string, seed: number) =>
      cluster.start({ name, env, options: { demoMarket: demo(seed) } });

    before(async () => {
      cluster = await InProcessServers.create();
    });
    after(() => cluster.stop());

    test('every pair plays its past once through its owner, then trades live; the audit is clean', {
      timeout: 420_000,
    }, async () => {
      const began = Date.now();
      const first = await start('first', 1);
      db = first.db;
      const makerId = await userIdOf(db, MARKET_MAKER.email);
      const takerId = await userIdOf(db, TAKER.email);
      const byPair = () => tradesByPair(db, makerId, takerId);
      // Two more servers right away: each takes its share of the pairs while their pasts play.
      const second = await start('second', 2);
      const third = await start('third', 3);
      let owners = new Map<string, string>();
      await until('the first server hands pairs on', async () => {
        owners = await unitOwners(db, UNITS);
        return [...owners.values()].filter((owner) => owner !== 'first').length >= 3;
      });
      const handedOn = await byPair();
      // Eight pasts on two busy cores may take a minute or two.
      await until(
        'every pair trades live',
        async () => {
          const pairs = await byPair();
          return PAIR_SYMBOLS.every((pair) => (pairs.get(pair)?.live ?? 0) > 0);
        },
        PAST_WAIT_MS,
      );
      const played = await byPair();

      // A pair handed on while its past played: its new owner went on with it.
      owners = await unitOwners(db, UNITS);
      const movedMidPast = PAIR_SYMBOLS.filter(
        (pair) =>
          owners.get(unitNameOf(pair)) !== 'first' &&
          (played.get(pair)?.moments ?? 0) > (handedOn.get(pair)?.moments ?? 0) + 1,
      );
      assert.ok(movedMidPast.length > 0, 'some pair changed owner while its past played');

      for (const pair of PAIR_SYMBOLS) {
        const trades = played.get(pair);
        assert.ok(trades !== undefined, `${pair} traded`);
        // Once: no step slot holds two moments (a past played twice would put two in each).
        assert.equal(trades.moments, trades.slots, `${pair}: one step a slot`);
        // Whole: a trade in (nearly) every step of the past. Units on two servers may lock the
        // demo accounts' balances in other orders: PostgreSQL then ends a batch, and its step
        // trades nothing.
        assert.ok(trades.slots >= WHOLE, `${pair}: ${trades.slots} steps of ${STEPS}`);
        // The demo accounts' trades, all before the first live one.
        assert.equal(trades.others, 0, `${pair}: only the demo traders in the past`);
        assert.ok(trades.lastPast !== null && trades.firstLive !== null);
        assert.ok(new Date(trades.lastPast) <= new Date(trades.firstLive), `${pair}: past first`);
      }

      // A visitor sees the past: every ticker's 24 h figures, and a candle a step on each chart.
      const { items } = await ok(second.app, 'markets.getItems', {});
      assert.equal(items.length, PAIR_SYMBOLS.length);
      for (const item of items) {
        for (const figure of [item.last, item.change, item.high, item.low]) {
          assert.notEqual(figure, null, `${item.pair}: ${JSON.stringify(item)}`);
        }
        assert.ok(Number(item.baseVolume) > 0, `${item.pair} has a volume`);
      }
      for (const pair of PAIR_SYMBOLS) {
        const { candles } = await ok(third.app, 'markets.getCandles', {
          pair,
          interval: '5m',
          from: began - PAST_HOURS * HOUR_MS,
        });
        assert.ok(candles.length >= WHOLE, `${pair}: ${candles.length} candles`);
      }

      // A server stopped: its pairs go to the others, which play no past again.
      await second.app.close();
      await until('the others own every pair', async () => {
        const now = await unitOwners(db, UNITS);
        return now.size === UNITS.length && ![...now.values()].includes('second');
      });
      const moved = await byPair();
      await until('every pair trades live again', async () => {
        const pairs = await byPair();
        return PAIR_SYMBOLS.every(
          (pair) => (pairs.get(pair)?.live ?? 0) > (moved.get(pair)?.live ?? 0),
        );
      });
      const later = await byPair();
      for (const pair of PAIR_SYMBOLS) {
        assert.equal(later.get(pair)?.past, played.get(pair)?.past, `${pair}: no past again`);
      }

      for (const server of [first, third]) await server.app.close();
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });
  },
  { drivers: ['postgres'] },
);
