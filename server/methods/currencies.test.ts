import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import { ASSETS, QUOTE } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, ok, signUp, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

const TICKERS = [...ASSETS, QUOTE];

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  let userId: number;

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
    ({
      token,
      user: { id: userId },
    } = await signUp(app));
  });
  after(() => app.close());

  test('without a limit, anyone gets every currency with its USD price', async () => {
    const { items, wallets } = await ok(app, 'currencies.getItems', {});
    assert.equal(wallets, undefined);
    assert.deepEqual(
      items?.map((item) => item.ticker),
      TICKERS,
    );
    for (const item of items ?? []) {
      assert.equal(typeof item.id, 'number');
      assert.ok(item.name.length > 0);
      assert.match(item.price, /^\d+(\.\d+)?$/);
      assert.ok(Number(item.price) > 0);
    }
    assert.equal(items?.at(-1)?.price, '1');
  });

  test('each currency gives its precision and, per network, whether it is open and its terms', async () => {
    const { items } = await ok(app, 'currencies.getItems', {});
    const of = (ticker: string) => items?.find((item) => item.ticker === ticker);
    assert.deepEqual(
      [of('BTC')?.precision, of('SOL')?.precision, of('USDT')?.precision],
      [8, 8, 6],
    );
    const usdt = of('USDT')?.networks ?? [];
    assert.deepEqual(
      usdt.map((on) => [
        on.network,
        on.decimals,
        on.minDeposit,
        on.withdrawalFee,
        on.minWithdrawal,
      ]),
      [
        ['TRX', 6, '1', '1', '10'],
        ['ETH', 6, '5', '4', '10'],
        ['BSC', 18, '1', '0.5', '10'],
      ],
    );
    // Open exactly where the server takes a deposit: all on the devnet, none without a chain.
    assert.ok(items?.every((item) => item.networks.every((on) => on.depositOpen)));
    await openWhereDepositsAre(app);
    const chainless = await createServer(testConfig({ DEVNET: 'false' }), db);
    try {
      const closed = (await ok(chainless, 'currencies.getItems', {})).items ?? [];
      assert.ok(closed.every((item) => item.networks.every((on) => !on.depositOpen)));
      await openWhereDepositsAre(chainless);
    } finally {
      await chainless.close();
    }
  });

  /** Every network is open in the list exactly when the server gives a deposit address there. */
  const openWhereDepositsAre = async (server: FastifyInstance) => {
    const items = (await ok(server, 'currencies.getItems', {})).items ?? [];
    const { assets } = await ok(server, 'wallet.getNetworks', {});
    assert.deepEqual(
      assets,
      items.map((item) => ({ asset: item.ticker, networks: item.networks })),
      'wallet.getNetworks lists the same networks',
    );
    for (const item of items) {
      for (const on of item.networks) {
        const where = `${item.ticker} on ${on.network}`;
        assert.equal(on.withdrawOpen, on.depositOpen, where);
        const asset = item.ticker;
        const reply = await call(
          server,
          'deposits.getAddress',
          { asset, network: on.network },
          { token },
        );
        const refused = reply.status ? null : reply.error_code;
        assert.equal(refused, on.depositOpen ? null : 'deposit.unavailable', where);
      }
    }
  };

  test('with a limit, a visitor is asked to sign in', async () => {
    assert.equal(
      await fails(app, { method: 'currencies.getItems', limit: 1000 }),
      errorText('access.signInRequired'),
    );
  });

  test('a bad limit is refused with a readable message', async () => {
    const bad = (limit: unknown) => fails(app, { method: 'currencies.getItems', limit }, { token });
    assert.equal(await bad('1000'), 'Limit must be a number.');
    assert.equal(await bad(0), 'Limit must be at least 1.');
    assert.equal(await bad(1001), 'Limit must be at most 1000.');
    assert.equal(await bad(1.5), 'Limit must be a whole number.');
    assert.equal(await bad(null), 'Limit must be a number.');
  });

  test('a new account has nine empty wallets: the eight assets, then USDT', async () => {
    const { wallets, items } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    assert.equal(items, undefined);
    assert.deepEqual(
      wallets?.map((wallet) => wallet.ticker),
      TICKERS,
    );
    for (const wallet of wallets ?? []) {
      assert.equal(wallet.amount, '0');
      assert.equal(wallet.balance, 0);
      assert.equal(typeof wallet.id, 'number');
      assert.ok(wallet.chart.length > 1);
      assert.ok(wallet.chart.every((point) => typeof point === 'number' && point > 0));
    }
  });

  test('a deposit shows in the wallet and in the profile balance', async () => {
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'ETH',
      amount: '1.25',
      reason: 'Deposit',
    });
    await post(db, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: 'USDT',
      amount: '250.5',
      reason: 'Deposit',
    });
    const { items } = await ok(app, 'currencies.getItems', {});
    const price = Number(items?.find((item) => item.ticker === 'ETH')?.price);
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    const eth = wallets?.find((wallet) => wallet.ticker === 'ETH');
    assert.equal(eth?.amount, '1.25');
    assert.equal(eth?.balance, 1.25 * price);
    assert.equal(eth?.chart.at(-1), price, 'the chart ends at the reference price');
    assert.equal(wallets?.find((wallet) => wallet.ticker === 'USDT')?.amount, '250.5');
    const { user } = await ok(app, 'users.getInfo', {}, { token });
    const sum = (wallets ?? []).reduce((total, wallet) => total + wallet.balance, 0);
    assert.equal(user.balance, Math.round(sum * 1e8) / 1e8, 'the total is the sum of the wallets');
    assert.ok(Math.abs(user.balance - (1.25 * price + 250.5)) < 1e-6);
    const first = eth?.chart[0] ?? 0;
    const expectedChange = ((1.25 * price - 1.25 * first) / (1.25 * first + 250.5)) * 100;
    assert.ok(
      Math.abs(user.percentChange - expectedChange) < 0.01,
      `${user.percentChange} vs ${expectedChange}`,
    );
  });

  test('the limit caps the number of wallets', async () => {
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 2 }, { token });
    assert.deepEqual(
      wallets?.map((wallet) => wallet.ticker),
      ['BTC', 'ETH'],
    );
  });
}, PGLITE_ONLY);
