import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../../test/databases.ts';
import { testConfig } from '../../../test/serverTesting.ts';
import { seed } from '../../content/seed.ts';
import type { Database } from '../../storage/db.ts';
import type { ChainAdapter, IncomingTransfer } from '../chains/ChainAdapter.ts';
import { DepositWatcher, MAX_BLOCKS_PER_RUN, type WatcherLog } from './DepositWatcher.ts';

/** A chain the test moves by hand, as a real node re-organising its blocks might. */
class ScriptedChain implements Pick<ChainAdapter, 'network' | 'tip' | 'incomingTransfers'> {
  readonly network = 'ETH';
  height = 0;
  transfers: Omit<IncomingTransfer, 'confirmations'>[] = [];

  async tip(): Promise<number> {
    return this.height;
  }

  async incomingTransfers(from: number, to: number, addresses: ReadonlySet<string>) {
    return this.transfers
      .filter(
        (transfer) =>
          transfer.blockHeight >= from &&
          transfer.blockHeight <= to &&
          addresses.has(transfer.address),
      )
      .map((transfer) => ({ ...transfer, confirmations: this.height - transfer.blockHeight + 1 }));
  }
}

const quiet: WatcherLog = { warn() {} };
const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

forEachDatabase((open) => {
  let db: Database;
  let userId: number;

  before(async () => {
    db = await open();
    await seed(db, testConfig());
    const user = await db
      .insertInto('users')
      .values({
        email: 'watcher@example.com',
        login: 'watcher',
        password_hash: 'unused',
        created_ip: '',
        updated_ip: '',
        domain: '',
        referral_code: 'WATCHER1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    await db
      .insertInto('deposit_addresses')
      .values({ user_id: userId, network: 'ETH', address: ADDRESS, tag: null, path: 'm/test' })
      .execute();
  });

  const statusOf = async (transferId: string) =>
    db
      .selectFrom('deposits')
      .select(['status', 'confirmations', 'block_height'])
      .where('transfer_id', '=', transferId)
      .executeTakeFirst();
  const ethBalance = async () => {
    const row = await db
      .selectFrom('ledger_accounts')
      .select(sql<string>`trim_scale(balance)::text`.as('balance'))
      .where('user_id', '=', userId)
      .where('ticker', '=', 'ETH')
      .executeTakeFirst();
    return row?.balance ?? '0';
  };

  test('a deposit dropped by a re-organisation is not credited; mined again, it is, once', async () => {
    const chain = new ScriptedChain();
    const watcher = new DepositWatcher(db, [chain as unknown as ChainAdapter], quiet);
    const transfer = {
      id: '0xfeed:0',
      txHash: '0xfeed',
      asset: 'ETH' as const,
      address: ADDRESS,
      tag: null,
      amount: '0.5',
      blockHeight: 5,
    };
    chain.transfers = [transfer];
    chain.height = 6;
    await watcher.run();
    assert.deepEqual(await statusOf(transfer.id), {
      status: 'pending',
      confirmations: 2,
      block_height: 5,
    });

    // Block 5 is replaced by one without the transfer.
    chain.transfers = [];
    chain.height = 7;
    assert.deepEqual(await watcher.run(), { credited: 0, dropped: 1 });
    assert.equal((await statusOf(transfer.id))?.status, 'dropped');

    // The transfer lands again in block 8 and collects Ethereum's 12 confirmations.
    chain.transfers = [{ ...transfer, blockHeight: 8 }];
    chain.height = 18;
    await watcher.run();
    assert.deepEqual(await statusOf(transfer.id), {
      status: 'pending',
      confirmations: 11,
      block_height: 8,
    });
    assert.equal(await ethBalance(), '0');
    chain.height = 19;
    assert.deepEqual(await watcher.run(), { credited: 1, dropped: 0 });
    chain.height = 40;
    assert.deepEqual(await watcher.run(), { credited: 0, dropped: 0 });
    assert.equal((await statusOf(transfer.id))?.status, 'credited');
    assert.equal(await ethBalance(), '0.5');
  });

  test('two watchers reading the same confirmed transfer at once credit it once', async () => {
    const chain = new ScriptedChain();
    chain.transfers = [
      {
        id: '0xcafe:0',
        txHash: '0xcafe',
        asset: 'ETH',
        address: ADDRESS,
        tag: null,
        amount: '2',
        blockHeight: 100,
      },
    ];
    chain.height = 120;
    const before = await ethBalance();
    const watchers = [1, 2, 3].map(
      () => new DepositWatcher(db, [chain as unknown as ChainAdapter], quiet),
    );
    const reports = await Promise.all(watchers.map((watcher) => watcher.run()));
    assert.equal(
      reports.reduce((sum, report) => sum + report.credited, 0),
      1,
    );
    assert.equal(Number(await ethBalance()) - Number(before), 2);
  });

  test('a chain that fails is reported and read again on the next run', async () => {
    const chain = new ScriptedChain();
    const warnings: string[] = [];
    const log: WatcherLog = {
      warn: (_, message) => {
        warnings.push(message);
      },
    };
    const watcher = new DepositWatcher(db, [chain as unknown as ChainAdapter], log);
    const transfer = {
      id: '0xbeef:0',
      txHash: '0xbeef',
      asset: 'ETH' as const,
      address: ADDRESS,
      tag: null,
      amount: '1',
      blockHeight: 141,
    };
    chain.height = 160;
    chain.transfers = [transfer];
    const working = chain.incomingTransfers.bind(chain);
    chain.incomingTransfers = async () => {
      throw new Error('node unreachable');
    };
    assert.deepEqual(await watcher.run(), { credited: 0, dropped: 0 });
    assert.deepEqual(warnings, ['deposit watcher: chain not read']);
    chain.incomingTransfers = working;
    assert.deepEqual(await watcher.run(), { credited: 1, dropped: 0 });
    assert.equal(await ethBalance(), '3.5');
  });

  test('a re-organisation that brings a new transfer into blocks already read still finds it', async () => {
    const chain = new ScriptedChain();
    const watcher = new DepositWatcher(db, [chain as unknown as ChainAdapter], quiet);
    chain.height = 200;
    await watcher.run();
    // Blocks 195 on are replaced; the new 195 pays the deposit address.
    chain.transfers = [
      {
        id: '0xf00d:0',
        txHash: '0xf00d',
        asset: 'ETH',
        address: ADDRESS,
        tag: null,
        amount: '0.25',
        blockHeight: 195,
      },
    ];
    chain.height = 201;
    await watcher.run();
    assert.deepEqual(await statusOf('0xf00d:0'), {
      status: 'pending',
      confirmations: 7,
      block_height: 195,
    });
  });

  test('a chain far ahead is read over several runs, a bounded number of blocks each', async () => {
    const chain = new ScriptedChain();
    const watcher = new DepositWatcher(db, [chain as unknown as ChainAdapter], quiet);
    chain.height = 201 + 2 * MAX_BLOCKS_PER_RUN + 100;
    const transfer = {
      id: '0xd00d:0',
      txHash: '0xd00d',
      asset: 'ETH' as const,
      address: ADDRESS,
      tag: null,
      amount: '1',
      blockHeight: chain.height - 50,
    };
    chain.transfers = [transfer];
    // Two runs read a full batch of new blocks each (the first also credits the test before's).
    await watcher.run();
    await watcher.run();
    assert.equal(await statusOf(transfer.id), undefined);
    const balance = await ethBalance();
    assert.deepEqual(await watcher.run(), { credited: 1, dropped: 0 });
    assert.equal(Number(await ethBalance()) - Number(balance), 1);
  });
});
