import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import type { Ticker, Wallet } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import {
  call,
  fails,
  ok,
  signUp,
  testConfig,
  verifyMailedAddress,
} from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** A fresh account holder with deposits of `funds`. */
  const holder = async (funds: Partial<Record<Ticker, string>> = {}) => {
    const { token, user } = await signUp(app);
    await verifyMailedAddress(app, db, user.id);
    for (const [ticker, amount] of Object.entries(funds)) {
      await post(db, {
        from: { system: 'deposits' },
        to: { user: user.id },
        ticker: ticker as Ticker,
        amount,
        reason: 'Test deposit',
      });
    }
    return { token, id: user.id, email: user.email, login: user.login };
  };
  const available = async (token: string, ticker: Ticker): Promise<string> => {
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    const wallet = wallets?.find((w: Wallet) => w.ticker === ticker);
    assert.ok(wallet);
    return wallet.available;
  };
  let keys = 0;
  const key = () => `transfer-key-${process.pid}-${++keys}`;

  test('a transfer moves the amount to the recipient, and both see it with its note', async () => {
    const alice = await holder({ BTC: '1' });
    const bob = await holder();
    const { transfer } = await ok(
      app,
      'transfers.send',
      { to: bob.email, ticker: 'BTC', amount: '0.25', note: 'Dinner', idempotencyKey: key() },
      { token: alice.token },
    );
    assert.equal(transfer.direction, 'out');
    assert.equal(transfer.counterparty, bob.login);
    assert.equal(transfer.amount, '0.25');
    assert.equal(await available(alice.token, 'BTC'), '0.75');
    assert.equal(await available(bob.token, 'BTC'), '0.25');

    const received = await ok(app, 'wallet.getHistory', { kind: 'transfer' }, { token: bob.token });
    assert.equal(received.entries.length, 1);
    const [entry] = received.entries;
    assert.equal(entry?.available, '0.25');
    assert.equal(entry?.held, '0');
    assert.deepEqual(entry?.transfer, {
      direction: 'in',
      counterparty: alice.login,
      note: 'Dinner',
    });

    const sent = await ok(app, 'wallet.getHistory', { ticker: 'BTC' }, { token: alice.token });
    assert.deepEqual(
      sent.entries.map((e) => [e.kind, e.available]),
      [
        ['transfer', '-0.25'],
        ['deposit', '1'],
      ],
    );
  });

  test('a login names the recipient too, whatever its case', async () => {
    const alice = await holder({ USDT: '100' });
    const bob = await holder();
    await ok(
      app,
      'transfers.send',
      { to: bob.login.toUpperCase(), ticker: 'USDT', amount: '10', idempotencyKey: key() },
      { token: alice.token },
    );
    assert.equal(await available(bob.token, 'USDT'), '10');
  });

  test('the same idempotency key sent again returns the first transfer and moves nothing more', async () => {
    const alice = await holder({ ETH: '2' });
    const bob = await holder();
    const request = { to: bob.email, ticker: 'ETH' as const, amount: '0.5', idempotencyKey: key() };
    const first = await ok(app, 'transfers.send', request, { token: alice.token });
    const [again, atOnce] = await Promise.all([
      ok(app, 'transfers.send', { ...request, amount: '0.50' }, { token: alice.token }),
      ok(app, 'transfers.send', request, { token: alice.token }),
    ]);
    assert.equal(again.transfer.id, first.transfer.id);
    assert.equal(atOnce.transfer.id, first.transfer.id);
    assert.equal(await available(alice.token, 'ETH'), '1.5');
    assert.equal(await available(bob.token, 'ETH'), '0.5');
    const different = await fails(
      app,
      { method: 'transfers.send', ...request, amount: '0.6' },
      { token: alice.token },
    );
    assert.equal(different, errorText('transfer.keyReused'));
  });

  test('refused: to oneself, to nobody, above the balance, over-precise, and when turned off', async () => {
    const alice = await holder({ BTC: '1' });
    const bob = await holder();
    const attempt = (params: Record<string, unknown>) =>
      fails(
        app,
        {
          method: 'transfers.send',
          ticker: 'BTC',
          amount: '0.1',
          idempotencyKey: key(),
          ...params,
        },
        { token: alice.token },
      );
    assert.equal(await attempt({ to: alice.email }), errorText('transfer.toSelf'));
    assert.equal(
      await attempt({ to: 'nobody@example.com' }),
      errorText('transfer.unknownRecipient'),
    );
    assert.equal(await attempt({ to: bob.email, amount: '2' }), 'Insufficient BTC balance.');
    assert.equal(
      await attempt({ to: bob.email, amount: '0.123456789' }),
      'A BTC amount can have at most 8 decimals.',
    );
    assert.equal(
      await attempt({ to: bob.email, amount: '0' }),
      'Amount must be greater than zero.',
    );
    assert.match(await attempt({ to: bob.email, amount: 0.1 }), /not a number/);
    assert.match(await attempt({ to: bob.email, ticker: 'XYZ' }), /Ticker must be one of BTC/);

    await db.updateTable('users').set({ is_transfer: false }).where('id', '=', alice.id).execute();
    assert.equal(await attempt({ to: bob.email }), errorText('transfer.disabled'));
    await db.updateTable('users').set({ is_transfer: true }).where('id', '=', alice.id).execute();

    assert.equal(await available(alice.token, 'BTC'), '1');
    assert.equal(await available(bob.token, 'BTC'), '0');
    const { count } = await sql<{ count: number }>`
      select count(*)::int as count from transfers where sender_id = ${alice.id}`
      .execute(db)
      .then((r) => r.rows[0] ?? { count: -1 });
    assert.equal(count, 0);
  });

  test('a refusal names its code and the parameter to fix, so a caller need not read the words', async () => {
    const alice = await holder({ BTC: '1' });
    const refusal = async (params: Record<string, unknown>) => {
      const body = { ticker: 'BTC', amount: '0.1', idempotencyKey: key(), ...params };
      const reply = await call(app, 'transfers.send', body as never, { token: alice.token });
      assert.equal(reply.status, false);
      return { code: reply.error_code, param: reply.param };
    };
    assert.deepEqual(await refusal({ to: alice.email }), { code: 'transfer.toSelf', param: 'to' });
    assert.deepEqual(await refusal({ to: alice.email, amount: '0' }), {
      code: 'wallet.notPositive',
      param: 'amount',
    });
    assert.deepEqual(await refusal({ to: 'nobody@example.com', amount: '2' }), {
      code: 'transfer.unknownRecipient',
      param: 'to',
    });
  });

  test('visitors cannot send, and nobody can send to a visitor', async () => {
    const alice = await holder({ BTC: '1' });
    const visitor = await ok(app, 'support.startVisitor', {});
    const asVisitor = await fails(
      app,
      {
        method: 'transfers.send',
        to: alice.email,
        ticker: 'BTC',
        amount: '0.1',
        idempotencyKey: key(),
      },
      { token: visitor.token },
    );
    assert.ok(asVisitor.length > 0);
    const row = await db
      .selectFrom('users')
      .select('email')
      .where('is_visitor', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const toVisitor = await fails(
      app,
      {
        method: 'transfers.send',
        to: row.email,
        ticker: 'BTC',
        amount: '0.1',
        idempotencyKey: key(),
      },
      { token: alice.token },
    );
    assert.equal(toVisitor, errorText('transfer.unknownRecipient'));
  });

  test('the history pages by id and holds show as a move from available to held', async () => {
    const trader = await holder({ USDT: '1000' });
    await ok(
      app,
      'orders.place',
      { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '10000', amount: '0.01' },
      { token: trader.token },
    );
    const first = await ok(app, 'wallet.getHistory', { limit: 1 }, { token: trader.token });
    const [hold] = first.entries;
    assert.equal(hold?.kind, 'trade');
    assert.equal(hold?.available, '-100');
    assert.equal(hold?.held, '100');
    const next = await ok(
      app,
      'wallet.getHistory',
      { limit: 5, before: hold?.id ?? 0 },
      { token: trader.token },
    );
    assert.deepEqual(
      next.entries.map((e) => [e.kind, e.available]),
      [['deposit', '1000']],
    );
  });

  test('every asset lists its networks with their minimums and withdrawal fee, to anyone', async () => {
    const { assets } = await ok(app, 'wallet.getNetworks', {});
    const usdt = assets.find((a) => a.asset === 'USDT');
    assert.deepEqual(
      usdt?.networks.map((n) => n.network),
      ['TRX', 'ETH', 'BSC'],
    );
    const xrp = assets.find((a) => a.asset === 'XRP')?.networks[0];
    assert.equal(xrp?.tagName, 'Destination tag');
    for (const { networks } of assets) {
      assert.ok(networks.length > 0);
      for (const n of networks) assert.match(n.withdrawalFee, /^\d+(\.\d+)?$/);
    }
  });

  test('a withdrawal held and cancelled shows as withdrawal entries, both ways', async () => {
    const alice = await holder({ BTC: '1' });
    const { withdrawal } = await ok(
      app,
      'withdrawals.request',
      {
        asset: 'BTC',
        network: 'BTC',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amount: '0.001',
        idempotencyKey: key(),
      },
      { token: alice.token },
    );
    await ok(app, 'withdrawals.cancel', { id: withdrawal.id }, { token: alice.token });
    const { entries } = await ok(
      app,
      'wallet.getHistory',
      { kind: 'withdrawal' },
      { token: alice.token },
    );
    // 0.001 BTC and the network's 0.0002 BTC fee, held and then released.
    const held = '0.0012';
    assert.equal(withdrawal.fee, '0.0002');
    assert.deepEqual(
      entries.map((e) => [e.available, e.held]),
      [
        [held, `-${held}`],
        [`-${held}`, held],
      ],
      JSON.stringify(entries),
    );
  });
});
