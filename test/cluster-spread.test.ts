/**
 * The spot market spread over two servers (`MARKET_SPREAD=on`), BTC_USDT on one and ETH_USDT on
 * the other, on one PostgreSQL database: batches of the two pairs run side by side, each
 * answered with the audit clean; and an account trading on both pairs gets, on a socket of
 * either server, every update once and in seq order with no gap, and resumes with `since` on
 * the other server with exactly what it missed.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../server/storage/db.ts';
import { hmacKey } from './apiKeyTesting.ts';
import { type InProcessServer, InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { type AccountMessage, ProgramSocket } from './programSocket.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { auditSpot } from './spot/audit.ts';
import { waitFor } from './waitFor.ts';

const order = (pair: string, side: 'buy' | 'sell', price: string, amount: string) =>
  ({ pair, side, type: 'limit', price, amount }) as const;

/** The update messages' seqs (wallets-only ones repeat the seq before them). */
const updateSeqs = (messages: readonly AccountMessage[]) =>
  messages.filter((m) => !m.snapshot && m.wallets.length === 0).map((m) => m.seq);

/** The fills in `messages`, as `tradeId:role`. */
const fillsOf = (messages: readonly AccountMessage[]) =>
  messages.flatMap((m) => m.trades.map((t) => `${t.id}:${t.role}`));

type App = InProcessServer['app'];

/** Places an order through `app`, as `token`. */
const place = (
  app: App,
  token: string,
  pair: string,
  side: 'buy' | 'sell',
  price: string,
  amount: string,
) => ok(app, 'orders.place', order(pair, side, price, amount), { token });

/** Whether each pinned pair is owned by its pinner (by the lock its connection holds). */
async function pinnedOwned(db: Database): Promise<boolean> {
  const { rows } = await sql<{ unit: string; name: string }>`
    select u.unit, a.application_name as name
      from unnest(array['spot:BTC_USDT', 'spot:ETH_USDT']) u (unit)
      join pg_locks l on l.locktype = 'advisory' and l.granted
        and l.objid::bigint = (hashtext('market:' || u.unit)::bigint & 4294967295)
      join pg_stat_activity a on a.pid = l.pid`.execute(db);
  const by = new Map(rows.map((row) => [row.unit, row.name]));
  return by.get('spot:BTC_USDT') === 'first' && by.get('spot:ETH_USDT') === 'second';
}

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let first: InProcessServer;
    let second: InProcessServer;
    let db: Database;
    const referralShare = testConfig().referralShare;

    before(async () => {
      cluster = await InProcessServers.create();
      const env = (pin: string) => ({ MARKET_SPREAD: 'on', MARKET_PIN: pin });
      first = await cluster.start({ name: 'first', listen: true, env: env('BTC_USDT') });
      second = await cluster.start({ name: 'second', listen: true, env: env('ETH_USDT') });
      db = first.db;
      await waitFor('each pinned pair on its pinner', () => pinnedOwned(db));
    });
    after(() => cluster.stop());

    test('two pairs trade side by side through both servers, every order answered, the audit clean', async () => {
      const maker = await fundedAccount(first.app, db, { BTC: '1', ETH: '10' });
      const takers = await Promise.all(
        [0, 1, 2, 3].map(() => fundedAccount(first.app, db, { USDT: '100000' })),
      );
      for (const pair of ['BTC_USDT', 'ETH_USDT']) {
        for (const price of ['100', '101', '102', '103']) {
          await place(first.app, maker.token, pair, 'sell', price, '0.05');
        }
      }
      // Every taker on both pairs through both servers at once: batches of both units overlap.
      const answers = await Promise.all(
        takers.flatMap(({ token }, index) =>
          ['BTC_USDT', 'ETH_USDT'].map((pair, side) => {
            const app = (index + side) % 2 === 0 ? first.app : second.app;
            return place(app, token, pair, 'buy', '103', '0.05');
          }),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => answer.order.status),
        Array(8).fill('filled'),
      );
      assert.deepEqual(await auditSpot(db, referralShare), []);
    });

    test('an account on both pairs gets each update once, in seq order, and resumes on the other server', async () => {
      const program = await fundedAccount(first.app, db, { BTC: '1', ETH: '10' });
      const taker = await fundedAccount(first.app, db, { USDT: '100000' });
      const key = await hmacKey(first.app, program.token);
      const watcher = await ProgramSocket.login(first.base, key);
      watcher.send({ v: 1, type: 'subscribe', stream: 'account' });
      const watched = await waitFor('the snapshot', () =>
        watcher.account().find((m) => m.snapshot),
      );
      const socket = await ProgramSocket.login(second.base, key);
      socket.send({ v: 1, type: 'subscribe', stream: 'account' });
      await waitFor('the snapshot', () => socket.account().find((m) => m.snapshot));
      // Sells on both pairs through both servers at once, then a buy on each filling them.
      const burst = async (prices: readonly string[]) => {
        for (const price of prices) {
          await Promise.all([
            place(first.app, program.token, 'BTC_USDT', 'sell', price, '0.1'),
            place(second.app, program.token, 'ETH_USDT', 'sell', price, '0.1'),
          ]);
        }
        const top = prices.at(-1) ?? '0';
        await Promise.all([
          place(second.app, taker.token, 'BTC_USDT', 'buy', top, '0.15'),
          place(first.app, taker.token, 'ETH_USDT', 'buy', top, '0.15'),
        ]);
      };
      const seqNow = async () => {
        const row = await db
          .selectFrom('account_seqs')
          .select('seq')
          .where('user_id', '=', program.id)
          .executeTakeFirstOrThrow();
        return Number(row.seq);
      };
      await burst(['200', '201']);
      const reached = await seqNow();
      await waitFor('the second socket to hear it all', () =>
        updateSeqs(socket.account()).includes(reached),
      );
      socket.close();
      await burst(['202', '203']);
      const last = await seqNow();
      await waitFor('the watcher to hear it all', () =>
        updateSeqs(watcher.account()).includes(last),
      );

      // On each socket: every seq once, in order, with no gap.
      const seqs = updateSeqs(watcher.account());
      assert.deepEqual(
        seqs,
        Array.from({ length: last - watched.seq }, (_, i) => watched.seq + 1 + i),
      );
      assert.ok(
        updateSeqs(socket.account()).every(
          (seq, i, all) => i === 0 || seq === (all[i - 1] ?? 0) + 1,
        ),
      );

      // Resumed on the other server: exactly what the watcher got after it.
      const back = await ProgramSocket.login(first.base, key);
      back.send({ v: 1, type: 'subscribe', stream: 'account', since: reached });
      await waitFor('the resume', () => back.account().find((m) => m.wallets.length > 0));
      assert.equal(
        back.account().some((m) => m.snapshot),
        false,
      );
      const missed = watcher.account().filter((m) => m.seq > reached);
      assert.ok(fillsOf(missed).length > 0);
      assert.deepEqual(fillsOf(back.account()).sort(), fillsOf(missed).sort());
      watcher.close();
      back.close();
    });

    test('a server started with the other MARKET_SPREAD refuses to start, saying why', async () => {
      await assert.rejects(
        cluster.start({ name: 'third', env: { MARKET_SPREAD: 'off' } }),
        /MARKET_SPREAD=off, but the servers running on this database match the market with MARKET_SPREAD=on/,
      );
      // The cluster goes on: an order through a running server is answered.
      const trader = await fundedAccount(first.app, db, { USDT: '1000' });
      const { order } = await place(second.app, trader.token, 'BTC_USDT', 'buy', '1', '10');
      assert.equal(order.status, 'new');
    });
  },
  { drivers: ['postgres'] },
);
