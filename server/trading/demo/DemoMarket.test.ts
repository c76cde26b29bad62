import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../../core/errors/index.ts';
import { PAIR_SYMBOLS } from '../../../core/markets/pairs.ts';
import { forEachDatabase } from '../../../test/databases.ts';
import { seededRandom } from '../../../test/seededRandom.ts';
import { fails, ok, testConfig } from '../../../test/serverTesting.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { createUser, findUserByEmail } from '../../accounts/users.ts';
import { createServer } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEPOSIT_REASON } from '../../content/seed.ts';
import { type Database, openDatabase } from '../../storage/db.ts';
import { MARKET_MAKER, TAKER } from './ensureTrader.ts';

/**
 * A demo market much faster than the real one, with a seeded source so a failure replays, and no
 * past (DemoPast.test.ts plays one).
 */
const FAST = { quoteIntervalMs: 20, tradeIntervalMs: 20, pastHours: 0 };

const startFast = (db: Database, seed: number): Promise<FastifyInstance> =>
  createServer(testConfig({ DEMO_MARKET: 'on', API_RATE_LIMIT: '0' }), db, {
    demoMarket: { ...FAST, random: seededRandom(seed) },
  });

/** Waits until `check` holds, polling; fails naming `what` if it never does. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`never happened: ${what}`);
}

async function userId(db: Database, email: string): Promise<number> {
  const user = await findUserByEmail(db, email);
  assert.ok(user, `${email} exists`);
  return user.id;
}

forEachDatabase((open) => {
  test('the market maker quotes every book, the taker trades, all through the ledger', async () => {
    const db = await open();
    const app = await startFast(db, 1);
    try {
      await until('every book has bids and asks', async () => {
        for (const pair of PAIR_SYMBOLS) {
          const { book } = await ok(app, 'markets.getBook', { pair, depth: 5 });
          if (book.bids.length === 0 || book.asks.length === 0) return false;
        }
        return true;
      });
      const maker = await userId(db, MARKET_MAKER.email);
      const taker = await userId(db, TAKER.email);
      await until('the taker has traded with the maker on three pairs', async () => {
        const pairs = await db
          .selectFrom('trades')
          .select('pair')
          .distinct()
          .where('taker_user_id', '=', taker)
          .where('maker_user_id', '=', maker)
          .execute();
        return pairs.length >= 3;
      });

      // Every book's quotes are the maker's: a ladder of post-only limits on both sides.
      const quotes = await db
        .selectFrom('orders')
        .select(['pair', 'side', sql<number>`count(*)::int`.as('count')])
        .where('user_id', '=', maker)
        .where('status', 'in', ['new', 'partiallyFilled'])
        .groupBy(['pair', 'side'])
        .execute();
      assert.equal(quotes.length, PAIR_SYMBOLS.length * 2, JSON.stringify(quotes));
      const kinds = await db
        .selectFrom('orders')
        .select(['type', 'post_only', 'time_in_force'])
        .distinct()
        .where('user_id', '=', maker)
        .execute();
      assert.deepEqual(kinds, [{ type: 'limit', post_only: true, time_in_force: 'GTC' }]);

      // Ordinary accounts nobody can sign in as.
      for (const { email } of [MARKET_MAKER, TAKER]) {
        const user = await findUserByEmail(db, email);
        assert.equal(user?.is_visitor, false);
        assert.equal(user?.status_id, 0);
        const refused = await fails(app, {
          method: 'users.signIn',
          email,
          password: 'any password at all',
        });
        assert.equal(refused, errorText('account.wrongCredentials'));
      }
    } finally {
      await app.close();
    }

    // Closed: nothing placed any more, and the maker's quotes were cancelled on the way out.
    const before = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).as('orders'),
        eb.selectFrom('ledger_entries').select(sql<number>`count(*)::int`.as('n')).as('entries'),
      ])
      .executeTakeFirstOrThrow();
    await sleep(FAST.quoteIntervalMs * 10);
    const after = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).as('orders'),
        eb.selectFrom('ledger_entries').select(sql<number>`count(*)::int`.as('n')).as('entries'),
      ])
      .executeTakeFirstOrThrow();
    assert.deepEqual(after, before);
    const maker = await userId(db, MARKET_MAKER.email);
    const resting = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', maker)
      .where('status', 'in', ['new', 'partiallyFilled'])
      .execute();
    assert.deepEqual(resting, []);

    // Every balance of both is what its ledger entries add up to, each with a reason; their
    // money came in as deposits only; every asset's ledger sums to zero.
    const traders = [maker, await userId(db, TAKER.email)];
    const accounts = await db
      .selectFrom('ledger_accounts as a')
      .select([
        'a.id',
        'a.balance',
        sql<string>`coalesce((select sum(amount) from ledger_entries where credit_account_id = a.id), 0)
          - coalesce((select sum(amount) from ledger_entries where debit_account_id = a.id), 0)`.as(
          'net',
        ),
      ])
      .where('a.user_id', 'in', traders)
      .execute();
    assert.ok(accounts.length > 0);
    for (const account of accounts) assert.equal(Number(account.balance), Number(account.net));
    const unexplained = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where(sql<boolean>`trim(reason) = ''`)
      .execute();
    assert.deepEqual(unexplained, []);
    const inflows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
      .select(['d.system', 'e.reason'])
      .distinct()
      .where('c.user_id', 'in', traders)
      .where('d.user_id', 'is', null)
      .execute();
    assert.deepEqual(inflows, [{ system: 'deposits', reason: DEPOSIT_REASON }]);
    const sums = await db
      .selectFrom('ledger_accounts')
      .select(['ticker', sql<string>`sum(balance)::text`.as('total')])
      .groupBy('ticker')
      .execute();
    for (const { ticker, total } of sums) assert.equal(Number(total), 0, `${ticker} sums to zero`);
  });

  test('a restart finds the same two accounts and quotes again', async () => {
    const db = await open();
    const maker = await userId(db, MARKET_MAKER.email);
    const app = await startFast(db, 2);
    try {
      await until('the maker quotes again', async () => {
        const { book } = await ok(app, 'markets.getBook', { pair: 'ETH_USDT', depth: 1 });
        return book.bids.length > 0 && book.asks.length > 0;
      });
      const accounts = await db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', [MARKET_MAKER.email, TAKER.email])
        .execute();
      assert.equal(accounts.length, 2);
      assert.equal(await userId(db, MARKET_MAKER.email), maker);
    } finally {
      await app.close();
    }
  });
});

test('an ordinary account holding a demo trader email is never traded for', async () => {
  const db = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
  try {
    // Sign-up refuses .invalid addresses now; an account made before that rule could hold one.
    const first = await createServer(testConfig(), db);
    await first.close();
    const user = await createUser(db, {
      email: MARKET_MAKER.email,
      passwordHash: await hashPassword('correct horse battery', testConfig().passwordCost),
      login: 'squatter',
      ip: '127.0.0.1',
      domain: 'localhost',
      referredBy: null,
    });
    const app = await startFast(db, 3);
    await sleep(FAST.quoteIntervalMs * 10);
    await app.close();
    const orders = await db.selectFrom('orders').select('id').execute();
    assert.deepEqual(orders, []);
    const entries = await db.selectFrom('ledger_entries').select('id').execute();
    assert.deepEqual(entries, []);
    assert.equal((await findUserByEmail(db, MARKET_MAKER.email))?.id, user.id);
  } finally {
    await db.destroy();
  }
});

test('DEMO_MARKET is on by default, off with the demo account, and either when set', () => {
  assert.equal(loadConfig({}).demoMarket, true);
  assert.equal(loadConfig({ DEMO_ACCOUNT: 'off' }).demoMarket, false);
  assert.equal(loadConfig({ DEMO_ACCOUNT: 'off', DEMO_MARKET: 'on' }).demoMarket, true);
  assert.equal(loadConfig({ DEMO_MARKET: 'off' }).demoMarket, false);
  assert.throws(() => loadConfig({ DEMO_MARKET: 'maybe' }), /DEMO_MARKET must be on or off/);
});
