import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PairSymbol, Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fails, ok, testConfig, uniqueEmail, userBalance } from '../../test/serverTesting.ts';
import { auditSpot } from '../../test/spot/audit.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';

const PASSWORD = 'correct horse battery';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let ips = 0;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0', REFERRAL_SHARE: '0.2' }), db);
  });
  after(() => app.close());

  /** Signs up an account, with a referral code when one is given, funded by test deposits. */
  const account = async (ref?: string, funds: Partial<Record<Ticker, string>> = {}) => {
    ips += 1;
    const answer = await ok(
      app,
      'users.signUp',
      { email: uniqueEmail('ref'), password: PASSWORD, ...(ref === undefined ? {} : { ref }) },
      { ip: `10.9.${ips >> 8}.${ips & 255}` },
    );
    for (const [ticker, amount] of Object.entries(funds)) {
      await post(db, {
        from: { system: 'deposits' },
        to: { user: answer.user.id },
        ticker: ticker as Ticker,
        amount,
        reason: 'Test deposit',
      });
    }
    return { ...answer, id: answer.user.id, code: answer.user.referalCode };
  };
  const mine = async (token: string) => (await ok(app, 'referral.getMine', {}, { token })).referral;
  const fees = async (ticker: Ticker) => {
    const row = await db
      .selectFrom('ledger_accounts')
      .select(sql<string>`trim_scale(balance)::text`.as('amount'))
      .where('system', '=', 'fees')
      .where('ticker', '=', ticker)
      .executeTakeFirst();
    return row?.amount ?? '0';
  };
  /** A resting sell by `seller` taken whole by a limit buy of `buyer`, on `pair`. */
  const trade = async (
    pair: PairSymbol,
    seller: { token: string },
    buyer: { token: string },
    price: string,
    amount: string,
  ) => {
    const sell = { pair, side: 'sell', type: 'limit', price, amount } as const;
    await ok(app, 'orders.place', sell, { token: seller.token });
    const buy = { ...sell, side: 'buy' } as const;
    const { order } = await ok(app, 'orders.place', buy, { token: buyer.token });
    assert.equal(order.status, 'filled');
  };

  test('a referral code binds the new account to its referrer, once', async () => {
    const referrer = await account();
    assert.match(referrer.code, /^[A-Z2-9]{8}$/);
    const before = await mine(referrer.token);
    assert.deepEqual(before, {
      code: referrer.code,
      referred: 0,
      share: '0.2',
      earnings: [],
      earningsUsd: '0',
    });
    // Typed in lower case with spaces, as a person may paste it.
    const referred = await account(` ${referrer.code.toLowerCase()} `);
    assert.equal(referred.referralNotice, undefined);
    assert.equal((await mine(referrer.token)).referred, 1);
    assert.equal((await mine(referred.token)).referred, 0);
    assert.notEqual(referred.code, referrer.code);

    // Whatever code runs, the database keeps the binding: never replaced, never to oneself.
    const other = await account();
    await assert.rejects(
      db
        .updateTable('users')
        .set({ referred_by: other.id })
        .where('id', '=', referred.id)
        .execute(),
      /never changed/,
    );
    await assert.rejects(
      db.updateTable('users').set({ referred_by: other.id }).where('id', '=', other.id).execute(),
      /never changed|users_not_self_referred/,
    );
    const rows = await db
      .selectFrom('users')
      .select(['id', 'referred_by'])
      .where('id', 'in', [referred.id, other.id])
      .orderBy('id')
      .execute();
    assert.deepEqual(rows, [
      { id: referred.id, referred_by: referrer.id },
      { id: other.id, referred_by: null },
    ]);
  });

  test('an unknown referral code lets the sign-up proceed, says so and binds nothing', async () => {
    const referrer = await account();
    const stranger = await account('NOSUCH23');
    assert.equal(
      stranger.referralNotice,
      'The referral code "NOSUCH23" matches no account, so your account was created without a referrer.',
    );
    const row = await db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.referred_by, null);
    assert.equal((await mine(referrer.token)).referred, 0);
    // A code that is not text of a sensible length is a bad parameter, refused with its name.
    assert.match(
      await fails(app, {
        method: 'users.signUp',
        email: uniqueEmail(),
        password: PASSWORD,
        ref: 'x'.repeat(65),
      }),
      /^Ref must be at most 64 characters\.$/,
    );
  });

  test('each fee of a referred trader pays its referrer the share, once', async () => {
    const makerReferrer = await account();
    const takerReferrer = await account();
    const maker = await account(makerReferrer.code, { BTC: '2' });
    const taker = await account(takerReferrer.code, { USDT: '200000' });
    // The first trade of the file: the fees account holds nothing yet.
    assert.deepEqual([await fees('BTC'), await fees('USDT')], ['0', '0']);
    // Both sides referred: the maker sells 1 BTC for 60,000 USDT and pays 60 USDT (0.1 %), the
    // taker buys it and pays 0.001 BTC. Their referrers get 20 % of each: 12 USDT, 0.0002 BTC.
    await trade('BTC_USDT', maker, taker, '60000', '1');
    const makerSide = await mine(makerReferrer.token);
    assert.deepEqual(makerSide.earnings, [{ ticker: 'USDT', amount: '12', usd: '12' }]);
    assert.equal(makerSide.earningsUsd, '12');
    const takerSide = await mine(takerReferrer.token);
    assert.deepEqual(takerSide.earnings, [{ ticker: 'BTC', amount: '0.0002', usd: '12' }]);
    // The exchange keeps the rest of each fee.
    assert.deepEqual([await fees('BTC'), await fees('USDT')], ['0.0008', '48']);

    const { entries } = await ok(app, 'wallet.getHistory', {}, { token: makerReferrer.token });
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.match(entry?.reason ?? '', /^Referral share of Trade \d+ fee \(20 %\)$/);
    assert.equal(entry?.kind, 'referral');
    assert.equal(entry?.available, '12');
    assert.equal(entry?.ticker, 'USDT');

    // A second trade pays again, once more per fee, never twice for one.
    await trade('BTC_USDT', maker, taker, '60000', '0.5');
    assert.deepEqual((await mine(makerReferrer.token)).earnings, [
      { ticker: 'USDT', amount: '18', usd: '18' },
    ]);
    assert.deepEqual(
      (await ok(app, 'wallet.getHistory', {}, { token: makerReferrer.token })).entries.length,
      2,
    );
    assert.deepEqual((await mine(takerReferrer.token)).earnings, [
      { ticker: 'BTC', amount: '0.0003', usd: '18' },
    ]);
  });

  test('a referrer trading with the account it referred gets its share as well', async () => {
    const referrer = await account(undefined, { ETH: '10' });
    const referred = await account(referrer.code, { USDT: '100000' });
    // The referrer is the maker: it sells 2 ETH at 3,000 (6,000 USDT, less its own 6 USDT fee),
    // and the referred taker's fee of 0.002 ETH pays it 0.0004 ETH.
    await trade('ETH_USDT', referrer, referred, '3000', '2');
    assert.equal((await userBalance(db, referrer.id, 'USDT')).available, '5994');
    assert.equal((await userBalance(db, referrer.id, 'ETH')).available, '8.0004');
    assert.deepEqual((await mine(referrer.token)).earnings, [
      { ticker: 'ETH', amount: '0.0004', usd: '1.2' },
    ]);
    // Now the referrer takes: it buys back 1 ETH; the referred maker's 3 USDT fee pays 0.6.
    await trade('ETH_USDT', referred, referrer, '3000', '1');
    assert.deepEqual((await mine(referrer.token)).earnings, [
      { ticker: 'ETH', amount: '0.0004', usd: '1.2' },
      { ticker: 'USDT', amount: '0.6', usd: '0.6' },
    ]);
    assert.equal((await mine(referrer.token)).earningsUsd, '1.8');
    // Nobody referred the referrer: nobody earned from its own fees.
    assert.deepEqual((await mine(referred.token)).earnings, []);
  });

  test('a trader without a referrer pays the whole fee to the exchange', async () => {
    const seller = await account(undefined, { LTC: '10' });
    const buyer = await account(undefined, { USDT: '10000' });
    const before = await fees('USDT');
    await trade('LTC_USDT', seller, buyer, '100', '10');
    // 0.1 % of 1,000 USDT and of 10 LTC, all of it kept.
    assert.equal(await fees('LTC'), '0.01');
    assert.equal(Number(await fees('USDT')) - Number(before), 1);
  });

  test('the spot audit finds every commission paid once, at the configured share', async () => {
    assert.deepEqual(await auditSpot(db, '0.2'), []);
    // At another share the commissions paid no longer add up, and the audit says where.
    const wrong = await auditSpot(db, '0.1');
    assert.ok(
      wrong.some((problem) => /^the fee account holds .* USDT; trades charged/.test(problem)),
      wrong.join('\n'),
    );
  });
});
