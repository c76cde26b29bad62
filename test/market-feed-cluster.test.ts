/**
 * The market streams on two servers sharing one PostgreSQL database, each with its own event bus
 * joined by the relay: a subscriber on the server that forwards sees the same trades, in the same
 * order, and the same book updates with the same sequence numbers as one on the server that
 * matches; an account's private stream on either hears its orders, fills and wallets; and when
 * the market changes owner, every subscriber gets a fresh snapshot and the streams go on.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { BookMirror } from '../core/markets/bookMirror.ts';
import { PAIRS } from '../core/markets/pairs.ts';
import { MARKET_SOCKET_PATH, type MarketServerMessage } from '../core/protocol/index.ts';
import { EventBus } from '../server/events/EventBus.ts';
import type { ServerEvents } from '../server/events/ServerEvents.ts';
import type { Database } from '../server/storage/db.ts';
import { openAccountStream } from './accountStream.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

const _config = testConfig({ API_RATE_LIMIT: '0' });
const PAIR = 'BTC_USDT';

/** A socket on the pair's book and trades, keeping every message in order. */
async function watchPair(base: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${MARKET_SOCKET_PATH}`);
  const messages: MarketServerMessage[] = [];
  socket.on('message', (data) => {
    const parsed = JSON.parse(String(data)) as MarketServerMessage | MarketServerMessage[];
    messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  });
  await new Promise((resolve) => socket.once('open', resolve));
  for (const stream of ['orders', 'trades']) {
    socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream, pair: PAIR }));
  }
  await waitFor('both snapshots', () => messages.filter((m) => 'snapshot' in m).length >= 2);
  return { messages, close: () => socket.close() };
}

/** Every book message replayed on a client's mirror: the mirror, and the gaps it met. */
function replay(messages: readonly MarketServerMessage[]) {
  const book = new BookMirror(PAIRS[PAIR]);
  let gaps = 0;
  for (const message of messages) {
    if (message.type === 'book' && book.apply(message) === 'gap') gaps += 1;
  }
  return { book, gaps };
}

/** The book updates' sequence numbers, and each one's changes. */
function updates(messages: readonly MarketServerMessage[]) {
  return new Map(
    messages.flatMap((m) =>
      m.type === 'book' && !m.snapshot ? [[m.sequence, JSON.stringify([m.bids, m.asks])]] : [],
    ),
  );
}

/** The trade ids the stream brought, oldest first. */
function tradeIds(messages: readonly MarketServerMessage[]): string[] {
  return messages.flatMap((m) =>
    m.type === 'trades' && !m.snapshot ? m.trades.map((t) => String(t.id)).reverse() : [],
  );
}

/** Waits for an answer that needs the database or a server. */
async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`never happened: ${what}`);
}

const snapshots = (messages: readonly MarketServerMessage[]) =>
  messages.filter((m) => m.type === 'book' && m.snapshot).length;

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let dbs: Database[] = [];
    let apps: FastifyInstance[] = [];
    let bases: string[] = [];
    const followerBus = new EventBus<ServerEvents>();

    before(async () => {
      cluster = await InProcessServers.create();
      await cluster.start({ name: 'feed0', listen: true });
      // The follower's bus is the test's too: it shows what reached it from the owner.
      await cluster.start({ name: 'feed1', listen: true, options: { events: followerBus } });
      apps = cluster.servers.map((server) => server.app);
      dbs = cluster.servers.map((server) => server.db);
      bases = cluster.servers.map((server) => server.base);
    });
    after(() => cluster.stop());

    const mirrorEqualsServer = async (app: FastifyInstance, book: BookMirror) => {
      const { book: server } = await ok(app, 'markets.getBook', { pair: PAIR, depth: 100 });
      const shown = (levels: { price: string; amount: string }[]) =>
        levels.map((l) => `${l.price}@${l.amount}`).join(' ');
      return (
        shown(book.levels('bids', 100)) === shown(server.bids) &&
        shown(book.levels('asks', 100)) === shown(server.asks)
      );
    };

    test('both servers stream the same trades and book numbers, and an account hears its fills anywhere', async () => {
      const [owner, follower] = apps as [FastifyInstance, FastifyInstance];
      const [db] = dbs as [Database];
      const watchers = [await watchPair(bases[0] ?? ''), await watchPair(bases[1] ?? '')];
      const seller = await fundedAccount(owner, db, { BTC: '10' });
      const buyer = await fundedAccount(follower, db, { USDT: '1000000' });
      const account = await openAccountStream(follower, bases[1] ?? '', buyer.token);
      const order = (side: 'buy' | 'sell', i: number) => ({
        pair: PAIR,
        side,
        type: 'limit' as const,
        price: String(60_000 + (i % 7) * 10),
        amount: '0.01',
      });
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          Promise.all([
            ok(owner, 'orders.place', order('sell', i), { token: seller.token }),
            ok(follower, 'orders.place', order('buy', i + 3), { token: buyer.token }),
          ]),
        ),
      );
      // The buyer's order placed through the owner, heard on the follower's account stream.
      const placed = await ok(
        owner,
        'orders.place',
        { ...order('buy', 0), price: '70000' },
        { token: buyer.token },
      );
      const stored = await db.selectFrom('trades').select('id').orderBy('id').execute();
      const ids = stored.map((row) => String(row.id));
      assert.ok(ids.length > 0, 'the two servers traded');
      for (const [index, watcher] of watchers.entries()) {
        await waitFor(`server ${index} streamed every trade`, () =>
          tradeIds(watcher.messages).length >= ids.length ? true : undefined,
        );
        assert.deepEqual(tradeIds(watcher.messages), ids, `server ${index}: the trades in order`);
      }
      const [onOwner, onFollower] = watchers.map((w) => w?.messages ?? []) as [
        MarketServerMessage[],
        MarketServerMessage[],
      ];
      await waitFor('the same last book update', () => {
        const last = (m: MarketServerMessage[]) => Math.max(...updates(m).keys());
        return last(onOwner) === last(onFollower) ? true : undefined;
      });
      const ownerUpdates = updates(onOwner);
      const followerUpdates = updates(onFollower);
      assert.ok(ownerUpdates.size > 0);
      for (const [sequence, changes] of followerUpdates) {
        assert.equal(changes, ownerUpdates.get(sequence), `update ${sequence} alike on both`);
      }
      for (const messages of [onOwner, onFollower]) {
        const { book, gaps } = replay(messages);
        assert.equal(gaps, 0, 'one gapless sequence');
        assert.ok(await mirrorEqualsServer(owner, book), "the mirror is the owner's book");
      }
      await waitFor('the order, its fill and the wallets on the follower', () => {
        const seen = account.messages.filter((m) => m.type === 'account' && !m.snapshot);
        const order = seen.some(
          (m) => m.type === 'account' && m.orders.some((o) => o.id === placed.order.id),
        );
        const fill = seen.some(
          (m) => m.type === 'account' && m.trades.some((t) => t.orderId === placed.order.id),
        );
        const wallets = seen.some((m) => m.type === 'account' && m.wallets.length > 0);
        return order && fill && wallets ? true : undefined;
      });
      account.close();
      for (const watcher of watchers) watcher.close();
    });

    test('a batch too large for one notification reaches the other server in parts, whole', async () => {
      const [owner, follower] = apps as [FastifyInstance, FastifyInstance];
      const [db] = dbs as [Database];
      const watchers = [await watchPair(bases[0] ?? ''), await watchPair(bases[1] ?? '')];
      const maker = await fundedAccount(owner, db, { BTC: '10' });
      // Ninety asks at prices of their own, then one cancel-all: one batch changing ninety orders.
      for (let i = 0; i < 90; i++) {
        await ok(
          owner,
          'orders.place',
          { pair: PAIR, side: 'sell', type: 'limit', price: String(90_000 + i), amount: '0.01' },
          { token: maker.token },
        );
      }
      await until('the follower sees the ninety', async () => {
        const open = await ok(follower, 'orders.getOpen', { pair: PAIR }, { token: maker.token });
        return open.orders.length === 90;
      });
      const parts: ServerEvents['market.committed'][] = [];
      const stopHearing = followerBus.subscribe('market.committed', (news) => parts.push(news));
      const cancelled = await ok(owner, 'orders.cancelAll', { pair: PAIR }, { token: maker.token });
      assert.equal(cancelled.orders.length, 90);
      await until('the follower saw them go', async () => {
        const open = await ok(follower, 'orders.getOpen', { pair: PAIR }, { token: maker.token });
        return open.orders.length === 0;
      });
      stopHearing();
      const big = parts.filter((news) => news.orders.length > 0);
      assert.deepEqual(
        big.map((news) => [news.part, news.parts, news.orders.length]),
        [
          [0, 3, 40],
          [1, 3, 40],
          [2, 3, 10],
        ],
        'the cancel-all came in three parts',
      );
      const [onOwner, onFollower] = watchers.map((w) => w?.messages ?? []) as [
        MarketServerMessage[],
        MarketServerMessage[],
      ];
      await waitFor('the same last book update', () => {
        const last = (m: MarketServerMessage[]) => Math.max(...updates(m).keys());
        return last(onOwner) === last(onFollower) ? true : undefined;
      });
      const ownerUpdates = updates(onOwner);
      for (const [sequence, changes] of updates(onFollower)) {
        assert.equal(changes, ownerUpdates.get(sequence), `update ${sequence} alike on both`);
      }
      for (const messages of [onOwner, onFollower]) {
        const { book, gaps } = replay(messages);
        assert.equal(gaps, 0, 'one gapless sequence');
        assert.ok(await mirrorEqualsServer(owner, book), "the mirror is the owner's book");
      }
      for (const watcher of watchers) watcher.close();
    });

    test('after the owner changes, subscribers take a fresh snapshot and the streams go on', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const [db] = dbs as [Database];
      const watchers = [await watchPair(bases[0] ?? ''), await watchPair(bases[1] ?? '')];
      const { rows } = await sql<{ pid: number }>`
        select l.pid from pg_locks l join pg_stat_activity a using (pid)
        where l.locktype = 'advisory' and l.granted and a.application_name = 'feed0'
          and l.database = (select oid from pg_database where datname = current_database())`.execute(
        db,
      );
      assert.ok(rows.length > 0, 'the first server holds the market');
      for (const { pid } of rows) await sql`select pg_terminate_backend(${pid})`.execute(db);
      const maker = await fundedAccount(first, db, { BTC: '1' });
      const taker = await fundedAccount(second, db, { USDT: '100000' });
      // Orders go on through both while the market moves; each waits for its answer.
      let round = 0;
      await until(
        'a fresh snapshot on both servers after the move',
        async () => {
          round += 1;
          await ok(
            round % 2 === 0 ? first : second,
            'orders.place',
            {
              pair: PAIR,
              side: 'sell',
              type: 'limit',
              price: String(65_000 + round),
              amount: '0.001',
            },
            { token: maker.token },
          );
          return watchers.every((w) => snapshots(w?.messages ?? []) >= 2);
        },
        30_000,
      );
      await ok(
        first,
        'orders.place',
        { pair: PAIR, side: 'buy', type: 'limit', price: '70000', amount: '0.002' },
        { token: taker.token },
      );
      const trades = await db.selectFrom('trades').select('id').orderBy('id').execute();
      const last = String(trades[trades.length - 1]?.id);
      for (const [index, watcher] of watchers.entries()) {
        const messages = watcher?.messages ?? [];
        await waitFor(`server ${index} streamed the new trade`, () =>
          tradeIds(messages).includes(last) ? true : undefined,
        );
        await until(`server ${index}'s mirror equals the new owner's book`, () =>
          mirrorEqualsServer(second, replay(messages).book),
        );
        const { gaps } = replay(messages);
        assert.equal(gaps, 0, `server ${index}: told to take a snapshot, not left with a gap`);
      }
      for (const watcher of watchers) watcher?.close();
    });
  },
  { drivers: ['postgres'] },
);
