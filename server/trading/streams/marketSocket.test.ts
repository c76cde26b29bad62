import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import {
  type LevelChange,
  MARKET_SOCKET_PATH,
  type MarketServerMessage,
  type Ticker,
} from '../../../core/protocol/index.ts';
import { forEachDatabase } from '../../../test/databases.ts';
import { fundedAccount, ok, testConfig } from '../../../test/serverTesting.ts';
import { waitFor } from '../../../test/waitFor.ts';
import { createServer } from '../../app.ts';
import type { Database } from '../../storage/db.ts';
import { CLOSE_BAD_TICKET } from './marketSocket.ts';

/** A test's socket: every message kept, waits with a deadline. */
class StreamClient {
  readonly messages: MarketServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString());
      this.messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static async open(base: string, ticket?: string): Promise<StreamClient> {
    const url = `${base}${MARKET_SOCKET_PATH}${ticket === undefined ? '' : `?ticket=${ticket}`}`;
    const socket = new WebSocket(url);
    const client = new StreamClient(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message after `from` (an index) that `match` accepts. */
  next<T extends MarketServerMessage>(
    what: string,
    match: (message: MarketServerMessage) => message is T,
    from = 0,
  ): Promise<T> {
    return waitFor(what, () => this.messages.slice(from).find(match));
  }

  close(): void {
    this.socket.close();
  }
}

type Book = Extract<MarketServerMessage, { type: 'book' }>;
const isBook =
  (snapshot: boolean) =>
  (m: MarketServerMessage): m is Book =>
    m.type === 'book' && m.snapshot === snapshot;
const isError = (m: MarketServerMessage): m is Extract<MarketServerMessage, { type: 'error' }> =>
  m.type === 'error';

/** A book mirror as a client keeps it: snapshot, then updates in sequence. */
function mirror(messages: readonly MarketServerMessage[], pair: string) {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  let sequence: number | null = null;
  const apply = (side: Map<string, string>, levels: LevelChange[]) => {
    for (const [price, amount] of levels) {
      if (amount === '0') side.delete(price);
      else side.set(price, amount);
    }
  };
  for (const message of messages) {
    if (message.type !== 'book' || message.pair !== pair) continue;
    if (message.snapshot) {
      bids.clear();
      asks.clear();
    } else {
      assert.equal(message.sequence, (sequence ?? Number.NaN) + 1, 'updates arrive in sequence');
    }
    sequence = message.sequence;
    apply(bids, message.bids);
    apply(asks, message.asks);
  }
  return { bids, asks, sequence };
}

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  });
  after(() => app.close());

  const trader = (funds: Partial<Record<Ticker, string>>) => fundedAccount(app, db, funds);

  test('the book comes as a snapshot, then updates in sequence that keep a mirror equal to the book', async () => {
    const client = await StreamClient.open(base);
    client.send({ v: 1, type: 'subscribe', stream: 'orders', pair: 'ETH_USDT' });
    const snapshot = await client.next('the ETH book snapshot', isBook(true));
    assert.deepEqual([snapshot.bids, snapshot.asks], [[], []]);

    const maker = await trader({ USDT: '10000', ETH: '5' });
    const bid = await ok(
      app,
      'orders.place',
      { pair: 'ETH_USDT', side: 'buy', type: 'limit', price: '3000', amount: '0.5' },
      { token: maker.token },
    );
    await ok(
      app,
      'orders.place',
      { pair: 'ETH_USDT', side: 'sell', type: 'limit', price: '3100', amount: '1' },
      { token: maker.token },
    );
    const first = await client.next('the bid as an update', isBook(false));
    assert.equal(first.sequence, snapshot.sequence + 1);
    assert.deepEqual(first.bids, [['3000', '0.5']]);
    await ok(app, 'orders.cancel', { id: bid.order.id }, { token: maker.token });
    await waitFor('the cancel as an update', () =>
      client.messages.some(
        (m) => m.type === 'book' && m.bids.some(([p, a]) => p === '3000' && a === '0'),
      ),
    );
    const held = mirror(client.messages, 'ETH_USDT');
    const { book } = await ok(app, 'markets.getBook', { pair: 'ETH_USDT' });
    assert.deepEqual(
      [...held.bids],
      book.bids.map((l) => [l.price, l.amount]),
    );
    assert.deepEqual(
      [...held.asks],
      book.asks.map((l) => [l.price, l.amount]),
    );
    assert.deepEqual([...held.asks], [['3100', '1']]);

    // A second subscriber starts from a snapshot at the same sequence as the first one's mirror.
    const late = await StreamClient.open(base);
    late.send({ v: 1, type: 'subscribe', stream: 'orders', pair: 'ETH_USDT' });
    const again = await late.next('a later snapshot', isBook(true));
    assert.equal(again.sequence, held.sequence);
    assert.deepEqual(again.asks, [['3100', '1']]);
    client.close();
    late.close();
  });

  test('a trade reaches the trades, ticker and chart streams', async () => {
    const client = await StreamClient.open(base);
    for (const stream of ['trades', 'stats'] as const) {
      client.send({ v: 1, type: 'subscribe', stream, pair: 'SOL_USDT' });
    }
    client.send({ v: 1, type: 'subscribe', stream: 'chart', pair: 'SOL_USDT', interval: '1m' });
    await waitFor('three snapshots', () => client.messages.length >= 3);
    const seller = await trader({ SOL: '10' });
    const buyer = await trader({ USDT: '5000' });
    await ok(
      app,
      'orders.place',
      { pair: 'SOL_USDT', side: 'sell', type: 'limit', price: '190.5', amount: '2' },
      { token: seller.token },
    );
    await ok(
      app,
      'orders.place',
      { pair: 'SOL_USDT', side: 'buy', type: 'market', amount: '1.5' },
      { token: buyer.token },
    );
    const trades = await client.next(
      'the trade',
      (m): m is Extract<MarketServerMessage, { type: 'trades' }> =>
        m.type === 'trades' && !m.snapshot,
    );
    assert.deepEqual(
      trades.trades.map((t) => [t.price, t.amount, t.takerSide]),
      [['190.5', '1.5', 'buy']],
    );
    const ticker = await client.next(
      'the new ticker',
      (m): m is Extract<MarketServerMessage, { type: 'ticker' }> =>
        m.type === 'ticker' && m.ticker.last === '190.5',
    );
    assert.equal(ticker.ticker.baseVolume, '1.5');
    const candle = await client.next(
      'the current candle',
      (m): m is Extract<MarketServerMessage, { type: 'candles' }> =>
        m.type === 'candles' && !m.snapshot,
    );
    assert.equal(candle.candles.at(-1)?.close, '190.5');
    client.close();
  });

  test('the account stream needs a ticket, then shows the account its orders, fills and wallets', async () => {
    const seller = await trader({ LTC: '3' });
    const publicSocket = await StreamClient.open(base);
    publicSocket.send({ v: 1, type: 'subscribe', stream: 'account' });
    const refused = await publicSocket.next('the refusal', isError);
    assert.match(refused.message, /needs a ticket/);
    publicSocket.close();

    const { ticket } = await ok(app, 'markets.getSocketTicket', {}, { token: seller.token });
    const client = await StreamClient.open(base, ticket);
    client.send({ v: 1, type: 'subscribe', stream: 'account' });
    type Account = Extract<MarketServerMessage, { type: 'account' }>;
    const isAccount = (m: MarketServerMessage): m is Account => m.type === 'account';
    const snapshot = await client.next('the account snapshot', isAccount);
    assert.equal(snapshot.snapshot, true);
    assert.equal(snapshot.wallets.find((w) => w.ticker === 'LTC')?.available, '3');

    const order = await ok(
      app,
      'orders.place',
      { pair: 'LTC_USDT', side: 'sell', type: 'limit', price: '105', amount: '1' },
      { token: seller.token },
    );
    const placed = await client.next(
      'the order placed',
      (m): m is Account => isAccount(m) && m.orders.some((o) => o.id === order.order.id),
    );
    assert.equal(placed.orders[0]?.status, 'new');
    const buyer = await trader({ USDT: '1000' });
    await ok(
      app,
      'orders.place',
      { pair: 'LTC_USDT', side: 'buy', type: 'limit', price: '105', amount: '1' },
      { token: buyer.token },
    );
    const fill = await client.next(
      'the fill',
      (m): m is Account => isAccount(m) && m.trades.length > 0,
    );
    assert.deepEqual(
      [fill.trades[0]?.role, fill.trades[0]?.amount, fill.orders[0]?.status],
      ['maker', '1', 'filled'],
    );
    await client.next(
      'the wallets after the fill',
      (m): m is Account =>
        isAccount(m) && m.wallets.some((w) => w.ticker === 'USDT' && w.amount === '104.895'),
    );
    // Another account's fills never reach this socket.
    assert.ok(
      client.messages.every(
        (m) => m.type !== 'account' || m.trades.every((t) => t.role === 'maker'),
      ),
    );
    client.close();

    const used = await StreamClient.open(base, ticket);
    await waitFor('the used ticket to close the socket', () => used.closed);
    assert.equal(used.closed?.code, CLOSE_BAD_TICKET);
  });

  test("signing out closes that session's account socket; the public one carries on", async () => {
    const account = await trader({});
    const { ticket } = await ok(app, 'markets.getSocketTicket', {}, { token: account.token });
    const signedIn = await StreamClient.open(base, ticket);
    const anyone = await StreamClient.open(base);
    signedIn.send({ v: 1, type: 'subscribe', stream: 'account' });
    await signedIn.next(
      'the account snapshot',
      (m): m is MarketServerMessage => m.type === 'account',
    );
    await ok(app, 'users.logout', {}, { token: account.token });
    await waitFor('the account socket to close', () => signedIn.closed);
    assert.equal(signedIn.closed?.code, CLOSE_BAD_TICKET);
    anyone.send({ v: 1, type: 'ping' });
    await anyone.next('the public pong', (m): m is MarketServerMessage => m.type === 'pong');
    assert.equal(anyone.closed, null);
    anyone.close();
  });

  test('streams come as uncompressed text frames, even to a client that offers compression', async () => {
    const socket = new WebSocket(`${base}${MARKET_SOCKET_PATH}`, { perMessageDeflate: true });
    const frames: { text: boolean; data: string }[] = [];
    socket.on('message', (data: Buffer, isBinary: boolean) =>
      frames.push({ text: !isBinary, data: data.toString() }),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    assert.equal(socket.extensions, '', 'no permessage-deflate negotiated');
    socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream: 'orders', pair: 'XRP_USDT' }));
    const maker = await trader({ XRP: '10' });
    await ok(
      app,
      'orders.place',
      { pair: 'XRP_USDT', side: 'sell', type: 'limit', price: '2.5', amount: '4' },
      { token: maker.token },
    );
    await waitFor('the snapshot and the update', () => (frames.length >= 2 ? frames : undefined));
    assert.ok(frames.every((frame) => frame.text));
    const update = JSON.parse(frames[1]?.data ?? '') as MarketServerMessage;
    assert.deepEqual(update.type === 'book' && [update.snapshot, update.asks], [
      false,
      [['2.5', '4']],
    ]);
    socket.close();
  });

  test('bad messages get an error naming the problem and the other subscriptions carry on', async () => {
    const client = await StreamClient.open(base);
    client.send({ v: 1, type: 'subscribe', stream: 'orders', pair: 'BNB_USDT' });
    await client.next('the BNB snapshot', isBook(true));
    const sent = client.messages.length;
    client.send('not json');
    client.send({ v: 1, type: 'subscribe', stream: 'orders', pair: 'ABC_USDT' });
    client.send({ v: 1, type: 'subscribe', stream: 'gossip', pair: 'BNB_USDT' });
    client.send({ v: 2, type: 'ping' });
    client.send({ v: 1, type: 'subscribe', stream: 'chart', pair: 'BNB_USDT', interval: '7m' });
    await waitFor('five errors', () => client.messages.slice(sent).filter(isError).length >= 5);
    const errors = client.messages
      .slice(sent)
      .filter(isError)
      .map((m) => m.message);
    assert.equal(errors[0], 'The message is not JSON.');
    assert.match(errors[1] ?? '', /Pair must be one of BTC_USDT/);
    for (const message of errors) assert.ok(message.length > 10, message);

    client.send({ v: 1, type: 'ping' });
    await client.next(
      'the pong',
      (m): m is Extract<MarketServerMessage, { type: 'pong' }> => m.type === 'pong',
    );
    const maker = await trader({ BNB: '2' });
    await ok(
      app,
      'orders.place',
      { pair: 'BNB_USDT', side: 'sell', type: 'limit', price: '700', amount: '1' },
      { token: maker.token },
    );
    const update = await client.next('the BNB update', isBook(false), sent);
    assert.deepEqual(update.asks, [['700', '1']]);
    assert.equal(client.closed, null);
    client.close();
  });
});
