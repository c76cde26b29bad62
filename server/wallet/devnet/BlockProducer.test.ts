/**
 * The wallet's clock on a database several servers share (PostgreSQL): however many keep it,
 * one ticks at a time and the devnet makes one block an interval.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { forEachDatabase } from '../../../test/databases.ts';
import { testConfig } from '../../../test/serverTesting.ts';
import type { Database } from '../../storage/db.ts';
import { createChainAdapters } from '../deposits/chainAdapters.ts';
import { BlockProducer } from './BlockProducer.ts';
import { Devnet } from './Devnet.ts';

const quiet = { warn() {} };

forEachDatabase((open, driver) => {
  let db: Database;
  before(async () => {
    db = await open();
  });

  const heights = async () => {
    const devnet = new Devnet(db);
    return [await devnet.tip('BTC'), await devnet.tip('XRP')];
  };

  test('one server alone makes a block each tick', async () => {
    const config = testConfig();
    const producer = new BlockProducer(db, config, createChainAdapters(db, config.wallet), quiet);
    await producer.tick();
    const [btc] = await heights();
    await producer.tick();
    await producer.tick();
    assert.deepEqual((await heights())[0], (btc ?? 0) + 2);
  });

  // Only PostgreSQL is shared between servers; PGlite belongs to one process.
  if (driver === 'postgres') {
    test('three servers sharing the database tick in turn and make one block an interval', async () => {
      const config = testConfig({ DEVNET_BLOCK_SECONDS: '1' });
      const chains = createChainAdapters(db, config.wallet);
      const servers = [1, 2, 3].map(
        () => new BlockProducer(db, config, chains, quiet, undefined, true),
      );
      // Let a block's interval pass since the test before.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const [before] = await heights();
      const reports = await Promise.all(servers.map((server) => server.tick()));
      assert.equal(reports.filter((report) => report !== null).length >= 1, true);
      assert.equal((await heights())[0], (before ?? 0) + 1, 'one block, not three');
      // At once again: the interval has not passed, so no block, whoever ticks.
      await Promise.all(servers.map((server) => server.tick()));
      assert.equal((await heights())[0], (before ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await servers[2]?.tick();
      assert.equal((await heights())[0], (before ?? 0) + 2);
    });
  }
});
