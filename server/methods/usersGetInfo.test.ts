/**
 * users.getInfo on every route change: a signed-in call costs one database statement once the
 * price charts are built, and what it keeps in memory (the site config, the charts) follows a
 * settings change and a trade on the very next call.
 */
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { tradeAway } from '../../test/priceMove.ts';
import { fundedAccount, ok, send, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { priceCharts } from '../trading/candles.ts';
import { post as postEntry } from '../wallet/ledger.ts';
import { listWallets } from '../wallet/wallets.ts';

/**
 * Counts the statements run on behalf of one call: those whose results arrive in its async
 * context, so the server's own timers (sweeps, expiries) running meanwhile are not counted. A
 * statement compiled once and run many times counts each time it runs.
 */
class StatementCounter {
  private readonly context = new AsyncLocalStorage<string[]>();
  /** Each compiled statement's kind, by its query id. */
  private readonly kinds = new Map<string, string>();

  readonly plugin: KyselyPlugin = {
    transformQuery: (args) => {
      this.kinds.set(args.queryId.queryId, args.node.kind);
      return args.node;
    },
    transformResult: async (args) => {
      this.context.getStore()?.push(this.kinds.get(args.queryId.queryId) ?? 'unknown');
      return args.result;
    },
  };

  /** The kinds of the statements `work` ran, in order. */
  async statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const statements: string[] = [];
    await this.context.run(statements, work);
    return statements;
  }
}

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  const counter = new StatementCounter();

  before(async () => {
    db = await open();
    // The API's rate limit counts in PostgreSQL there, on a connection of its own: off here, so
    // the count is the method's.
    const config = testConfig({ API_RATE_LIMIT: '0', SOCIAL_TWITTER: 'https://x.com/exchange' });
    app = await createServer(config, db.withPlugin(counter.plugin));
  });
  after(() => app.close());

  test('a signed-in getInfo is one statement: session, account, wallets, settings', async () => {
    const { token } = await fundedAccount(app, db, { BTC: '0.5', USDT: '100' });
    // The first call builds the price charts, which later calls take from memory.
    const first = await ok(app, 'users.getInfo', {}, { token });
    let second: typeof first | undefined;
    const statements = await counter.statementsOf(async () => {
      second = await ok(app, 'users.getInfo', {}, { token });
    });
    assert.deepEqual(statements, ['SelectQueryNode']);
    assert.equal(JSON.stringify(second), JSON.stringify(first));
    assert.equal(first.user.balance > 0, true);
  });

  test('the totals are the sum of the wallets, in USD and in BTC, with no BTC wallet', async () => {
    const { token, id } = await fundedAccount(app, db, { ETH: '1.5', USDT: '100', LTC: '2' });
    const { user } = await ok(app, 'users.getInfo', {}, { token });
    const wallets = await listWallets(db, id, priceCharts);
    const sum = wallets.reduce((total, wallet) => total + wallet.balance, 0);
    assert.equal(user.balance, Math.round(sum * 1e8) / 1e8);
    const btc = await db
      .selectFrom('currencies')
      .select('price')
      .where('ticker', '=', 'BTC')
      .executeTakeFirstOrThrow();
    assert.equal(user.balanceBTC, Math.round((user.balance / Number(btc.price)) * 1e8) / 1e8);
    assert.equal(user.balanceBTC > 0, true);
  });

  test('a balance change, a block and a sign-out are seen on the very next call', async () => {
    const { token, id } = await fundedAccount(app, db, { USDT: '100' });
    const before = await ok(app, 'users.getInfo', {}, { token });
    // The same call again is answered alike (on PGlite from the last lookup, proven unchanged).
    assert.equal((await ok(app, 'users.getInfo', {}, { token })).user.balance, before.user.balance);
    await postEntry(db, {
      from: { system: 'deposits' },
      to: { user: id },
      ticker: 'USDT',
      amount: '50',
      reason: 'Test deposit',
    });
    const richer = await ok(app, 'users.getInfo', {}, { token });
    assert.equal(richer.user.balance > before.user.balance, true);
    await db.updateTable('users').set({ is_blocked: true }).where('id', '=', id).execute();
    const blocked = await send(app, { method: 'users.getInfo', token });
    assert.equal(blocked.body.error_code, 'access.signInRequired');
    await db.updateTable('users').set({ is_blocked: false }).where('id', '=', id).execute();
    await ok(app, 'users.getInfo', {}, { token });
    await ok(app, 'users.logout', {}, { token });
    const out = await send(app, { method: 'users.getInfo', token });
    assert.equal(out.body.error_code, 'access.signInRequired');
  });

  test('a settings change is seen on the next call', async () => {
    const { token } = await fundedAccount(app, db, {});
    const before = await ok(app, 'users.getInfo', {}, { token });
    assert.deepEqual(before.config.socials, { twitter: 'https://x.com/exchange' });
    await db
      .insertInto('settings')
      .values({ key: 'socials', value: JSON.stringify({ telegram: 'https://t.me/exchange' }) })
      .execute();
    try {
      const changed = await ok(app, 'users.getInfo', {}, { token });
      assert.deepEqual(changed.config.socials, { telegram: 'https://t.me/exchange' });
    } finally {
      await db.deleteFrom('settings').where('key', '=', 'socials').execute();
    }
    const back = await ok(app, 'users.getInfo', {}, { token });
    assert.deepEqual(back.config.socials, { twitter: 'https://x.com/exchange' });
  });

  test('a trade moves the balance and the chart it is measured against on the next call', async () => {
    const holder = await fundedAccount(app, db, { LTC: '2' });
    const before = await ok(app, 'users.getInfo', {}, { token: holder.token });
    const price = await tradeAway(app, db, before.user.balance / 2);
    const after = await ok(app, 'users.getInfo', {}, { token: holder.token });
    // Valued at the trade's price, against a chart that now begins at that trade: no change yet.
    assert.equal(after.user.balance, 2 * Number(price));
    assert.equal(after.user.percentChange, 0);
  });
});
