/**
 * The spot market spread over three server processes on one PostgreSQL database
 * (`MARKET_SPREAD=on`): each pair is a unit of its own, the servers take fair shares of them, a
 * pinned pair goes to its pinner, every server answers orders for every pair after their commit,
 * a killed server's pairs move to the survivors with every acknowledged order stored once, and a
 * swap between two coins, whose legs two units would commit apart, is refused whole.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PAIR_SYMBOLS, type PairSymbol } from '../core/markets/pairs.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { unitNameOf } from '../server/trading/units.ts';
import { OrderBurst } from './cluster/orderBurst.ts';
import { Cluster, type ClusterServer, unitOwners } from './cluster/servers.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { auditSpot } from './spot/audit.ts';
import { serverEnv } from './spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from './spot/traders.ts';
import { until } from './supportTesting.ts';

/** Traders in the burst, and the placements each sends. */
const TRADERS = 6;
const PLACEMENTS = 30;
/** The pair server2 is pinned to: the first server up takes it first, then hands it over. */
const PINNED: PairSymbol = 'TRX_USDT';
const UNITS = PAIR_SYMBOLS.map(unitNameOf);

/** The pair each unit matches, by the unit's name. */
const pairOfUnit = new Map(PAIR_SYMBOLS.map((pair) => [unitNameOf(pair), pair]));

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let cluster: Cluster;
    let people: Trader[];
    const referralShare = loadConfig(serverEnv({ url: '' })).referralShare;

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      people = await prepareTraders(db, loadConfig(serverEnv({ url: scratch.url })), 20);
      cluster = await Cluster.start(scratch.url, 3, { MARKET_SPREAD: 'on' }, (name) =>
        name === 'server2' ? { MARKET_PIN: PINNED } : {},
      );
    });
    after(async () => {
      await cluster?.stop();
      await db?.destroy();
      await scratch?.drop();
    });

    const account = (): Trader => {
      const next = people.shift();
      if (next === undefined) throw new Error('prepare more accounts');
      return next;
    };

    /** The pairs each server owns now, by server name; waits until every pair has an owner. */
    const spread = async (live: readonly ClusterServer[]): Promise<Map<string, PairSymbol[]>> => {
      let owners = new Map<string, string>();
      await until('every pair owned, each live server with at least two', async () => {
        owners = await unitOwners(db, UNITS);
        if (owners.size < UNITS.length) return false;
        const counts = live.map((server) => [...owners.values()].filter((s) => s === server.name));
        return counts.every((owned) => owned.length >= 2);
      });
      const byServer = new Map<string, PairSymbol[]>();
      for (const [unit, server] of owners) {
        byServer.set(server, [...(byServer.get(server) ?? []), pairOfUnit.get(unit) as PairSymbol]);
      }
      return byServer;
    };

    test('three servers share the pairs fairly, and the pinned pair goes to its pinner', {
      timeout: 60_000,
    }, async () => {
      const byServer = await spread(cluster.servers);
      console.log(`cluster spread: ${JSON.stringify(Object.fromEntries(byServer))}`);
      assert.deepEqual(
        [...byServer.values()].map((pairs) => pairs.length).sort(),
        [2, 3, 3],
        'eight pairs on three servers: 3, 3 and 2',
      );
      assert.ok(byServer.get('server2')?.includes(PINNED), `${PINNED} is on its pinner`);
    });

    test('every server answers an order on every pair after its commit', {
      timeout: 60_000,
    }, async () => {
      const trader = account();
      for (const server of cluster.servers) {
        for (const pair of PAIR_SYMBOLS) {
          const clientOrderId = `every-${server.name}-${pair}`;
          const answer = await callApi(server.url, 'orders.place', trader.token, {
            pair,
            side: 'buy',
            type: 'limit',
            price: '0.1',
            amount: '60',
            clientOrderId,
          });
          assert.equal(answer.status, true, `${server.name} ${pair}: ${answer.error_msg}`);
          // Answered after the commit: the order is stored by the time its answer arrives.
          const stored = await db
            .selectFrom('orders')
            .select(['id', 'pair'])
            .where('user_id', '=', trader.userId)
            .where('client_order_id', '=', clientOrderId)
            .executeTakeFirst();
          assert.deepEqual(stored, { id: (answer.order as { id: number }).id, pair });
        }
      }
      // And every server lists all of them, whichever server matched each.
      for (const server of cluster.servers) {
        const open = await callApi(server.url, 'orders.getOpen', trader.token, {});
        assert.equal((open.orders as unknown[]).length, 3 * PAIR_SYMBOLS.length);
      }
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test('a swap between two coins is refused whole; one through a single pair fills', {
      timeout: 60_000,
    }, async () => {
      const maker = account();
      for (const [pair, price] of [
        ['BTC_USDT', '60000'],
        ['ETH_USDT', '3000'],
      ] as const) {
        const side = pair === 'BTC_USDT' ? 'buy' : 'sell';
        const answer = await callApi(
          cluster.servers[0]?.url as string,
          'orders.place',
          maker.token,
          {
            pair,
            side,
            type: 'limit',
            price,
            amount: '1',
          },
        );
        assert.equal(answer.status, true, String(answer.error_msg));
      }
      const me = account();
      await db.updateTable('users').set({ is_swap: true }).where('id', '=', me.userId).execute();
      const url = cluster.servers[1]?.url as string;
      const before = await balancesOf(db, me.userId);
      await until('the book is on every server', async () => {
        const quote = await callApi(url, 'swap.quote', me.token, {
          from: 'BTC',
          to: 'ETH',
          amount: '0.01',
        });
        return quote.status === true;
      });
      const twoCoins = await callApi(url, 'swap.quote', me.token, {
        from: 'BTC',
        to: 'ETH',
        amount: '0.01',
      });
      const refused = await callApi(url, 'swap.accept', me.token, {
        quoteId: (twoCoins.quote as { id: number }).id,
      });
      assert.equal(refused.status, false);
      assert.equal(refused.error_code, 'market.groupSplit');
      assert.deepEqual(await balancesOf(db, me.userId), before, 'nothing of it moved');
      const oneCoin = await callApi(url, 'swap.quote', me.token, {
        from: 'BTC',
        to: 'USDT',
        amount: '0.01',
      });
      const filled = await callApi(url, 'swap.accept', me.token, {
        quoteId: (oneCoin.quote as { id: number }).id,
      });
      assert.equal(filled.status, true, String(filled.error_msg));
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test("a killed server's pairs move to the survivors: every acknowledged order stored once", {
      timeout: 120_000,
    }, async () => {
      const owners = await unitOwners(db, UNITS);
      const victim = cluster.named(owners.get(unitNameOf('BTC_USDT')) as string);
      const lost = UNITS.filter((unit) => owners.get(unit) === victim.name);
      const survivors = cluster.servers.filter((server) => server !== victim);
      const traders = Array.from({ length: TRADERS }, () => account());
      const burst = new OrderBurst(traders, 7);
      let usable = cluster.servers;
      const running = burst.run(() => usable.map((server) => server.url), PLACEMENTS);
      await until('a third of the burst acknowledged', () => {
        return burst.acknowledged.size >= (TRADERS * PLACEMENTS) / 3;
      });
      await victim.process.kill();
      const killedAt = performance.now();
      usable = survivors;
      const probe = account();
      const answer = await callApi(survivors[0]?.url as string, 'orders.place', probe.token, {
        pair: 'BTC_USDT',
        side: 'buy',
        type: 'limit',
        price: '1000',
        amount: '0.01',
        clientOrderId: 'probe-spread',
      });
      const backMs = performance.now() - killedAt;
      assert.equal(answer.status, true, String(answer.error_msg));
      await running;
      const resent = burst.inDoubt.length;
      await burst.resend(survivors[0]?.url as string);
      const after = await spread(survivors);
      console.log(
        `cluster spread kill: ${burst.acknowledged.size} acknowledged, ${burst.refused} refused, ` +
          `${resent} resent, BTC_USDT back ${backMs.toFixed(0)} ms after the kill ` +
          `(${victim.name} held ${lost.length} pairs; now ${JSON.stringify(Object.fromEntries(after))})`,
      );
      assert.ok(!after.has(victim.name));
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
      await cluster.restart(victim.name);
    });
  },
  { drivers: ['postgres'] },
);

/** An account's balances, by currency. */
async function balancesOf(db: Database, userId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['ticker', 'held', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [`${row.ticker}${row.held ? ' held' : ''}`, String(row.balance)]),
  );
}
