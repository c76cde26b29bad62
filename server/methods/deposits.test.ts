import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { Deposit, Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, ok, signUp, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { validateAddress } from '../wallet/chains/validateAddress.ts';
import { createChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { BlockProducer } from '../wallet/devnet/BlockProducer.ts';
import { FAUCET_SENDS_PER_HOUR } from '../wallet/devnet/faucet.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let blocks: BlockProducer;
  const config = testConfig({ API_RATE_LIMIT: '0' });
  let ipCounter = 0;
  /** A client address of its own, so one test's faucet sends do not count in another's. */
  const freshIp = () => `10.9.0.${++ipCounter}`;

  before(async () => {
    db = await open();
    app = await createServer(config, db);
    blocks = new BlockProducer(db, config, createChainAdapters(db, config.wallet), app.log);
  });
  after(() => app.close());

  const mine = async (count: number) => {
    for (let i = 0; i < count; i++) await blocks.tick();
  };
  const deposits = async (token: string): Promise<Deposit[]> =>
    (await ok(app, 'deposits.getMine', {}, { token })).deposits;
  const balance = async (token: string, ticker: Ticker): Promise<string> => {
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    return wallets?.find((wallet) => wallet.ticker === ticker)?.amount ?? 'missing';
  };
  const creditsOf = async (txHash: string): Promise<number> => {
    const rows = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('reason', '=', `Deposit ${txHash}`)
      .execute();
    return rows.length;
  };
  const devnetTransactions = async (): Promise<number> => {
    const row = await db
      .selectFrom('devnet_transactions')
      .select(sql<number>`count(*)::integer`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
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

  test('a deposit address is the same every time for an account and differs across accounts', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const get = async (token: string, asset: Ticker, network: string) =>
      (await ok(app, 'deposits.getAddress', { asset, network }, { token })).address;

    const btc = await get(first.token, 'BTC', 'BTC');
    assert.deepEqual(await get(first.token, 'BTC', 'BTC'), btc);
    assert.notEqual((await get(second.token, 'BTC', 'BTC')).address, btc.address);
    assert.deepEqual(validateAddress('BTC', { address: btc.address }), {
      address: btc.address,
      tag: null,
    });
    assert.equal(btc.networkName, 'Bitcoin');
    assert.equal(btc.minDeposit, '0.0001');
    assert.equal(btc.confirmations, 2);
    assert.equal(btc.tag, null);
    assert.equal(btc.devnet, true);

    // USDT on TRON: a TRON address; on XRP one address for everyone, told apart by the tag.
    const usdt = await get(first.token, 'USDT', 'TRX');
    assert.match(usdt.address, /^T/);
    assert.equal(usdt.networkName, 'TRON (TRC-20)');
    const xrpFirst = await get(first.token, 'XRP', 'XRP');
    const xrpSecond = await get(second.token, 'XRP', 'XRP');
    assert.equal(xrpFirst.address, xrpSecond.address);
    assert.notEqual(xrpFirst.tag, xrpSecond.tag);
    assert.equal(xrpFirst.tagName, 'Destination tag');
  });

  test('faucet coins climb through their confirmations and are credited exactly once', async () => {
    const { token } = await signUp(app);
    const { sent } = await ok(
      app,
      'deposits.faucet',
      { asset: 'BTC', network: 'BTC', amount: '0.0050' },
      { token },
    );
    assert.equal(sent.amount, '0.005');
    assert.match(sent.note, /devnet test funds/);
    assert.match(sent.note, /not real BTC/);
    const { address } = await ok(
      app,
      'deposits.getAddress',
      { asset: 'BTC', network: 'BTC' },
      { token },
    );
    assert.equal(sent.address, address.address);
    // Not mined yet: the exchange has seen nothing.
    assert.deepEqual(await deposits(token), []);

    await mine(1);
    const [pending] = await deposits(token);
    assert.ok(pending);
    assert.deepEqual(
      [pending.status, pending.confirmations, pending.required, pending.amount, pending.txHash],
      ['pending', 1, 2, '0.005', sent.txHash],
    );
    assert.equal(await balance(token, 'BTC'), '0');

    await mine(1);
    const [credited] = await deposits(token);
    assert.deepEqual([credited?.status, credited?.confirmations], ['credited', 2]);
    assert.ok(credited?.creditedAt);
    assert.equal(await balance(token, 'BTC'), '0.005');

    // More blocks, the watcher's progress forgotten (a replay), and a new watcher (a restart).
    await mine(3);
    await db.deleteFrom('deposit_scans').execute();
    await mine(1);
    await blocks.tick();
    assert.equal(await creditsOf(sent.txHash), 1);
    assert.equal(await balance(token, 'BTC'), '0.005');
    assert.equal((await deposits(token)).length, 1);
    await audit();
  });

  test('confirmations climb block by block on a network that needs many', async () => {
    const { token } = await signUp(app);
    const { sent } = await ok(app, 'deposits.faucet', { asset: 'USDT', network: 'ETH' }, { token });
    assert.equal(sent.amount, '1000');
    const seen: number[] = [];
    for (let block = 1; block < 12; block++) {
      await mine(1);
      const [deposit] = await deposits(token);
      assert.equal(deposit?.status, 'pending');
      seen.push(deposit?.confirmations ?? -1);
    }
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert.equal(await balance(token, 'USDT'), '0');
    await mine(1);
    const [deposit] = await deposits(token);
    assert.deepEqual(
      [deposit?.status, deposit?.confirmations, deposit?.required],
      ['credited', 12, 12],
    );
    assert.equal(await balance(token, 'USDT'), '1000');
    await audit();
  });

  test('a deposit below the minimum is recorded and shown, never credited', async () => {
    const { token } = await signUp(app);
    const { address } = await ok(
      app,
      'deposits.getAddress',
      { asset: 'BTC', network: 'BTC' },
      { token },
    );
    await ok(
      app,
      'devnet.send',
      { asset: 'BTC', address: address.address, amount: '0.00009' },
      { ip: freshIp() },
    );
    await mine(5);
    const [small] = await deposits(token);
    assert.deepEqual([small?.status, small?.amount], ['belowMinimum', '0.00009']);
    assert.equal(await balance(token, 'BTC'), '0');
    await audit();
  });

  test('an XRP deposit is credited only with its account’s destination tag', async () => {
    const { token } = await signUp(app);
    const { address } = await ok(
      app,
      'deposits.getAddress',
      { asset: 'XRP', network: 'XRP' },
      { token },
    );
    const ip = freshIp();
    const send = (tag?: string) =>
      ok(
        app,
        'devnet.send',
        {
          asset: 'XRP',
          address: address.address,
          amount: '25',
          ...(tag === undefined ? {} : { tag }),
        },
        { ip },
      );
    await send(); // no tag: whose is it?
    await send('4000000000'); // a tag no account has
    const right = await send(String(address.tag));
    await mine(2);
    const mine_ = await deposits(token);
    assert.deepEqual(
      mine_.map((deposit) => [deposit.txHash, deposit.status, deposit.tag]),
      [[right.sent.txHash, 'credited', address.tag]],
    );
    assert.equal(await balance(token, 'XRP'), '25');
    await audit();
  });

  test('bad input gets a clear message and moves nothing', async () => {
    const { token } = await signUp(app);
    const before = await devnetTransactions();
    assert.match(
      await fails(app, { method: 'deposits.getAddress', asset: 'FOO', network: 'BTC' }, { token }),
      /must be one of BTC, ETH/,
    );
    assert.equal(
      await fails(app, { method: 'deposits.getAddress', asset: 'BTC', network: 'ETH' }, { token }),
      'BTC cannot be moved on the network "ETH"; choose Bitcoin.',
    );
    assert.match(
      await fails(app, { method: 'deposits.faucet', asset: 'USDT', network: 'SOL' }, { token }),
      /^USDT cannot be moved on the network "SOL"; choose TRON \(TRC-20\), Ethereum \(ERC-20\) or BNB Smart Chain \(BEP-20\)\.$/,
    );
    assert.equal(
      await fails(
        app,
        { method: 'deposits.faucet', asset: 'BTC', network: 'BTC', amount: '0.02' },
        { token },
      ),
      'The faucet sends at most 0.01 BTC at a time (test coins).',
    );
    assert.match(
      await fails(
        app,
        { method: 'deposits.faucet', asset: 'BTC', network: 'BTC', amount: '0.000000001' },
        { token },
      ),
      /more decimals than BTC on Bitcoin allows \(8\)/,
    );
    assert.match(
      await fails(app, {
        method: 'devnet.send',
        asset: 'ETH',
        address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        amount: '0.1',
      }),
      /^This is a Bitcoin address, not an Ethereum \(ERC-20\) one/,
    );
    assert.match(
      await fails(app, { method: 'deposits.faucet', asset: 'BTC', network: 'BTC' }),
      /sign in/i,
    );
    assert.equal(await devnetTransactions(), before);
    assert.deepEqual(await deposits(token), []);
  });

  test('the faucet refuses past its hourly limit, naming when to come back', async () => {
    const { token } = await signUp(app);
    const params = { asset: 'DOGE', network: 'DOGE', amount: '10' } as const;
    for (let send = 0; send < FAUCET_SENDS_PER_HOUR; send++) {
      await ok(app, 'deposits.faucet', params, { token });
    }
    const before = await devnetTransactions();
    assert.match(
      await fails(app, { method: 'deposits.faucet', ...params }, { token }),
      /^The faucet sends 10 times an hour at most; try again in (60|59) minutes\.$/,
    );
    assert.equal(await devnetTransactions(), before);
    // Another account has its own allowance.
    await ok(app, 'deposits.faucet', params, { token: (await signUp(app)).token });
  });

  test('with the devnet off there is no faucet and no deposit address', async () => {
    const off = await createServer(testConfig({ API_RATE_LIMIT: '0', DEVNET: 'off' }), db);
    try {
      const { token } = await signUp(off);
      const before = await devnetTransactions();
      assert.equal(
        await fails(off, { method: 'deposits.faucet', asset: 'BTC', network: 'BTC' }, { token }),
        errorText('faucet.devnetOff'),
      );
      assert.equal(
        await fails(off, {
          method: 'devnet.send',
          asset: 'BTC',
          address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
          amount: '0.001',
        }),
        errorText('faucet.devnetOff'),
      );
      assert.equal(
        await fails(
          off,
          { method: 'deposits.getAddress', asset: 'BTC', network: 'BTC' },
          { token },
        ),
        'Deposits on Bitcoin are not available right now; please try again later.',
      );
      assert.equal(await devnetTransactions(), before);
    } finally {
      await off.close();
    }
  });
});
