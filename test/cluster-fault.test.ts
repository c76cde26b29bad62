/**
 * Three server processes on one PostgreSQL database, the spot market's owner taken out in the
 * middle of a burst of orders to all three, the slow ways: stopped with SIGTERM as a rolling
 * restart does (it hands the market over), and hung with SIGSTOP (the others end its seat once
 * it has been silent too long and take the market, and it wakes fenced). Every acknowledged order is stored once and the
 * spot audit holds. The kill and the cut connections stay in the cluster test (cluster.test.ts);
 * these rounds wait out a shutdown and a lease, so they are fault runs (test/faults.ts), not the
 * unit lane.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { SPOT_MARKET } from '../server/trading/ownership.ts';
import { burstThroughFault, CLUSTER_ENV } from './cluster/faultBurst.ts';
import { Cluster, marketOwner } from './cluster/servers.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { auditSpot } from './spot/audit.ts';
import { serverEnv } from './spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from './spot/traders.ts';

// Only PostgreSQL serves many servers; a PGlite server is alone by design.
forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let cluster: Cluster;
    let people: Trader[];
    const referralShare = loadConfig(serverEnv({ url: '' })).referralShare;
    const account = async (): Promise<Trader> => {
      const next = people.shift();
      if (next === undefined) throw new Error('prepare more accounts');
      return next;
    };

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      people = await prepareTraders(db, loadConfig(serverEnv({ url: scratch.url })), 20);
      cluster = await Cluster.start(scratch.url, 3, { ...CLUSTER_ENV, MARKET_SPREAD: 'off' });
    });
    after(async () => {
      await cluster?.stop();
      await db?.destroy();
      await scratch?.drop();
    });

    test('a rolling restart: the owner stopped (SIGTERM) mid-burst hands the market over and loses nothing', {
      timeout: 120_000,
    }, async () => {
      let stopped: Promise<void> = Promise.resolve();
      let stopping = 0;
      const { before, burst, backMs, resent } = await burstThroughFault(
        { db, cluster, account },
        4,
        {
          fault: async (owner) => {
            stopping = performance.now();
            stopped = owner.process.stop();
          },
          live: (owner) => cluster.servers.filter((server) => server !== owner),
        },
      );
      // The stopping owner answers what it took, settles, and gives the market up as it goes.
      await stopped;
      const stopMs = performance.now() - stopping;
      const after = await marketOwner(db);
      await cluster.restart(before.server as string);
      console.log(
        `cluster spot restart: ${burst.acknowledged.size} acknowledged, ${burst.refused} refused, ${resent} resent, ` +
          `market answering ${backMs.toFixed(0)} ms after SIGTERM, the old owner gone after ${stopMs.toFixed(0)} ms ` +
          `(owner ${before.server} -> ${after.server})`,
      );
      assert.ok(
        after.server !== null && after.server !== before.server,
        'another server took over',
      );
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test('the spot owner hung mid-burst (SIGSTOP): the others take the market from it, and it wakes fenced', {
      timeout: 120_000,
    }, async () => {
      // The owner's seat, as its claim named it.
      const { server: seat } = await db
        .selectFrom('market_owners')
        .select('server')
        .where('market', '=', SPOT_MARKET)
        .executeTakeFirstOrThrow();
      const { before, after, burst, backMs, resent } = await burstThroughFault(
        { db, cluster, account },
        3,
        {
          fault: async (owner) => {
            process.kill(owner.process.pid, 'SIGSTOP');
          },
          live: (owner) => cluster.servers.filter((server) => server !== owner),
          recover: (owner) => process.kill(owner.process.pid, 'SIGCONT'),
        },
      );
      console.log(
        `cluster spot hang: ${burst.acknowledged.size} acknowledged, ${burst.refused} refused, ${resent} resent, ` +
          `market back ${backMs.toFixed(0)} ms after the stop (owner ${before.server} -> ${after.server})`,
      );
      assert.notEqual(after.server, before.server, 'a silent owner loses the market');
      assert.ok((after.epoch ?? 0) > (before.epoch ?? 0));
      // Its seat was ended for its silence, and that counted once (the others did it together).
      const { rows } = await sql<{ evicted: number }>`
        select evicted from market_servers where id = ${seat}`.execute(db);
      assert.deepEqual(rows, [{ evicted: 1 }]);
      // Woken, the old owner matches nothing more: what it is sent goes to the new owner.
      const trader = await account();
      const answer = await callApi(
        cluster.named(before.server as string).url,
        'orders.place',
        trader.token,
        {
          pair: 'ETH_USDT',
          side: 'buy',
          type: 'limit',
          price: '1000',
          amount: '0.01',
          clientOrderId: 'after-hang',
        },
      );
      assert.equal(answer.status, true, `orders.place failed: ${answer.error_msg}`);
      assert.equal((await marketOwner(db)).server, after.server);
      assert.deepEqual(await burst.check(db), []);
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });
  },
  { drivers: ['postgres'] },
);
