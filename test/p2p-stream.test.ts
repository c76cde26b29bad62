/**
 * A P2P trade's moves reach both sides' open pages at once: each move is on the buyer's and the
 * seller's private streams, and on nobody else's; a message in its chat is news for the side
 * who did not write it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { openAccountStream } from './accountStream.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { ok, p2pTrader, publishP2pOffer, testConfig } from './serverTesting.ts';
import { connect, ticket } from './supportTesting.ts';
import { waitFor } from './waitFor.ts';

describe('P2P trade moves on the private stream', () => {
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

  const moves = (stream: { messages: { type: string }[] }) =>
    stream.messages.filter((message) => message.type === 'p2pTrade');

  it('tells the buyer and the seller of each move, and no one else', async () => {
    const seller = await p2pTrader(app, db, { USDT: '50' });
    const buyer = await p2pTrader(app, db, {});
    const bystander = await p2pTrader(app, db, {});
    const offer = await publishP2pOffer(app, seller.token, {
      price: '1',
      amount: '50',
      maxFiat: '50',
    });
    const streams = await Promise.all(
      [seller, buyer, bystander].map((account) => openAccountStream(app, base, account.token)),
    );
    const [sellers, buyers, bystanders] = streams as [
      (typeof streams)[number],
      (typeof streams)[number],
      (typeof streams)[number],
    ];

    const { trade } = await ok(
      app,
      'p2p.openTrade',
      { offerId: offer.id, fiatAmount: '20' },
      { token: buyer.token },
    );
    await ok(app, 'p2p.markPaid', { id: trade.id }, { token: buyer.token });
    // A message in the trade's chat is news for the seller's page, not the writer's: the
    // release after it reaches the buyer's stream later than the news would have.
    const chat = await connect(base, await ticket(app, buyer.token), `&trade=${trade.id}`);
    chat.send({ type: 'SUPPORT_SEND_MESSAGE', id: 'm-1', text: 'Paid!', attachment: null });
    const echo = await chat.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(echo.type === 'SUPPORT_SEND_MESSAGE' && echo.error, undefined);
    await chat.close();
    await ok(app, 'p2p.releaseTrade', { id: trade.id }, { token: seller.token });
    const expected = ['opened', 'paid', 'released'].map((status) => ({
      v: 1,
      type: 'p2pTrade',
      tradeId: trade.id,
      status,
    }));
    await waitFor('three moves on both sides', () =>
      [sellers, buyers].every((stream) => moves(stream).length === 3),
    );
    assert.deepEqual(moves(sellers), expected);
    assert.deepEqual(moves(buyers), expected);
    const news = (stream: { messages: { type: string }[] }) =>
      stream.messages.filter((message) => message.type === 'p2pMessage');
    assert.deepEqual(news(sellers), [{ v: 1, type: 'p2pMessage', tradeId: trade.id }]);
    assert.deepEqual(news(buyers), []);

    // The bystander's own trade comes after: had the others' moves reached its stream, they
    // would be there first.
    const { trade: own } = await ok(
      app,
      'p2p.openTrade',
      { offerId: offer.id, fiatAmount: '10' },
      { token: bystander.token },
    );
    await waitFor('the bystander’s own move', () => moves(bystanders).length > 0);
    assert.deepEqual(moves(bystanders), [
      { v: 1, type: 'p2pTrade', tradeId: own.id, status: 'opened' },
    ]);
    for (const stream of streams) stream.close();
  });
});
