/**
 * The wallet's clock: a chain makes blocks while a transaction waits on it, and stands still
 * when none does; on a database several servers share (PostgreSQL), however many keep it, one
 * ticks at a time and the devnet makes one block an interval.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { forEachDatabase } from '../../../test/databases.ts';
import { testConfig } from '../../../test/serverTesting.ts';
import type { Database } from '../../storage/db.ts';
import { NETWORKS } from '../chains/networks.ts';
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

  /** A transfer on Bitcoin's devnet chain, waiting for its block. */
  const transfer = (address: string) =>
    new Devnet(db).send({ network: 'BTC', asset: 'BTC', address, tag: null, units: 1n });

  test('one server alone makes a block each tick while a transfer waits, then its chain stands still', async () => {
    const config = testConfig();
    const producer = new BlockProducer(db, config, createChainAdapters(db, config.wallet), quiet);
    await producer.tick();
    const [btc, xrp] = await heights();
    await producer.tick();
    assert.deepEqual(await heights(), [btc, xrp], 'nothing waits: no block');

    await transfer('bc1qwaiting');
    const { confirmations } = NETWORKS.BTC;
    for (let tick = 0; tick < confirmations + 2; tick++) await producer.tick();
    // A block for the transfer, then one a tick until it has its confirmations; no other chain moved.
    assert.deepEqual(await heights(), [(btc ?? 0) + confirmations, xrp]);
    const mined = await new Devnet(db).transfersTo('BTC', 0, Number.MAX_SAFE_INTEGER, [
      'bc1qwaiting',
    ]);
    assert.equal(mined[0]?.confirmations, confirmations);
  });

  // Only PostgreSQL is shared between servers; PGlite belongs to one process.
  if (driver === 'postgres') {
    test('three servers sharing the database tick in turn and make one block an interval', async () => {
      const config = testConfig({ DEVNET_BLOCK_SECONDS: '1' });
      const chains = createChainAdapters(db, config.wallet);
      const servers = [1, 2, 3].map(
        () => new BlockProducer(db, config, chains, quiet, undefined, true),
      );
      // Let a block's interval pass since the test before; a transfer waits for two blocks.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.ok(NETWORKS.BTC.confirmations >= 2);
      await transfer('bc1qshared');
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
