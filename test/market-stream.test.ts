/**
 * Core's market stream client against the real server over real sockets: a watched book equals
 * the server's, a client made to miss an update re-syncs from a fresh snapshot, and a dropped
 * connection comes back with every subscription.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { MarketStream, watchBook } from '../core/marketStream.ts';
import type { BookMirror } from '../core/markets/bookMirror.ts';
import type { MarketServerMessage, Ticker } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

/** A WebSocket that loses the messages `lose` picks, as a flaky network or a slow tab might. */
function lossyWebSocket(
  lose: (message: MarketServerMessage) => boolean,
): typeof globalThis.WebSocket {
  const handler = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  function lossy(url: string) {
    const socket = new WebSocket(url);
    Object.defineProperty(socket, 'onmessage', {
      set(listener: (event: { data: unknown }) => void) {
        handler?.set?.call(socket, (event: { data: unknown }) => {
          const parsed = JSON.parse(String(event.data));
          const messages: MarketServerMessage[] = Array.isArray(parsed) ? parsed : [parsed];
          if (!messages.some(lose)) listener(event);
        });
      },
      get: () => handler?.get?.call(socket),
    });
    return socket;
  }
  return lossy as unknown as typeof globalThis.WebSocket;
}

describe('market stream client against the real server', () => {
  let fresh: FreshDatabase;
  let db: Database;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    fresh = await freshPglite();
    db = fresh.db;
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await app.close();
    await fresh.close();
  });

  const trader = async (funds: Partial<Record<Ticker, string>>) =>
    (await fundedAccount(app, db, funds)).token;
  const limit = (token: string, side: 'buy' | 'sell', price: string, amount: string) =>
    ok(app, 'orders.place', { pair: 'XRP_USDT', side, type: 'limit', price, amount }, { token });

  /** The mirror's levels against markets.getBook's. */
  const sameAsServer = async (book: BookMirror) => {
    const { book: server } = await ok(app, 'markets.getBook', { pair: 'XRP_USDT', depth: 100 });
    const shown = (levels: { price: string; amount: string }[]) =>
      levels.map((l) => `${l.price}@${l.amount}`).join(' ');
    return (
      shown(book.levels('bids', 100)) === shown(server.bids) &&
      shown(book.levels('asks', 100)) === shown(server.asks)
    );
  };

  it('re-syncs a book that missed an update, and ends equal to the server', async () => {
    let updates = 0;
    let snapshots = 0;
    const stream = new MarketStream({
      baseUrl: base,
      WebSocket: lossyWebSocket((m) => {
        if (m.type !== 'book') return false;
        if (m.snapshot) snapshots += 1;
        else updates += 1;
        // The second update never reaches the client.
        return !m.snapshot && updates === 2;
      }),
    });
    const watched = watchBook(stream, 'XRP_USDT', () => {});
    await waitFor('the first snapshot', () => snapshots === 1);
    const token = await trader({ USDT: '1000', XRP: '500' });
    await limit(token, 'buy', '2.3', '10');
    await limit(token, 'buy', '2.29', '20');
    await limit(token, 'sell', '2.4', '30');
    await waitFor('a second snapshot after the gap', () => snapshots === 2 && watched.book.synced);
    await waitFor('the mirror to equal the server book', () => sameAsServer(watched.book));
    assert.deepEqual(
      watched.book.levels('asks', 5).map((l) => [l.price, l.amount]),
      [['2.4', '30']],
    );
    watched.stop();
    stream.close();
  });

  it('comes back after the connection drops, with a fresh snapshot of every subscription', async () => {
    const statuses: string[] = [];
    const stream = new MarketStream({
      baseUrl: base,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      onStatus: (status) => statuses.push(status),
    });
    const trades: MarketServerMessage[] = [];
    stream.subscribe({ stream: 'trades', pair: 'XRP_USDT' }, (m) => trades.push(m));
    const watched = watchBook(stream, 'XRP_USDT', () => {});
    await waitFor('both snapshots', () => trades.length === 1 && watched.book.synced);

    for (const socket of app.websocketServer.clients) socket.terminate();
    await waitFor('the reconnect', () => statuses.filter((s) => s === 'open').length === 2);
    await waitFor(
      'the trades snapshot again',
      () => trades.filter((m) => m.type === 'trades' && m.snapshot).length === 2,
    );

    const buyer = await trader({ USDT: '1000' });
    await ok(
      app,
      'orders.place',
      { pair: 'XRP_USDT', side: 'buy', type: 'market', amount: '5' },
      { token: buyer },
    );
    await waitFor('the trade over the new connection', () =>
      trades.some((m) => m.type === 'trades' && !m.snapshot && m.trades[0]?.amount === '5'),
    );
    await waitFor('the book after the trade', () => sameAsServer(watched.book));
    watched.stop();
    stream.close();
  });
});
