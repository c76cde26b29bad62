/**
 * Read marks in a P2P trade's chat, on PGlite and PostgreSQL: a side reading the chat stores how
 * far it read and its other side's sockets hear TRADE_READ_MESSAGE at once, after the message it
 * names; the history answers the mark and the unread count again after a reload; a read with
 * nothing new is told to no one; staff reading a disputed trade mark nothing and hear no mark.
 * Then, on PostgreSQL, the two sides on two servers: a read through one reaches the other side's
 * socket on the other, through the event bus between them.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SupportServerMessage } from '../core/protocol/index.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { echoOf, newOf, openedTrade, p2pChatServer } from './p2pChatTesting.ts';
import { fails, ok, p2pTrader } from './serverTesting.ts';
import { type Account, connect, type Peer, ticket } from './supportTesting.ts';

const isRead = (m: SupportServerMessage) => m.type === 'TRADE_READ_MESSAGE';
const readsOf = (peer: Peer) => peer.received.filter(isRead);

/** Sends a message on `from` and waits for its echo. */
async function say(from: Peer, id: string): Promise<void> {
  from.send({ type: 'SUPPORT_SEND_MESSAGE', id, text: `Message ${id}`, attachment: null });
  await from.next(echoOf(id));
}

forEachDatabase((open) => {
  const server = p2pChatServer(open);
  const { chat } = server;

  const history = (account: Account, tradeId: number) =>
    ok(server.app, 'p2p.getTradeChat', { id: tradeId }, { token: account.token });

  test('a read mark is stored, told live to the other side alone, and answered on reload', async () => {
    const { seller, buyer, tradeId } = await server.openedTrade();
    const buyerChat = await chat(buyer, tradeId);
    const sellerChat = await chat(seller, tradeId);
    await say(buyerChat, 'b-1');
    await say(buyerChat, 'b-2');
    await sellerChat.next(newOf('b-2'));
    assert.deepEqual(
      [(await history(seller, tradeId)).unread, (await history(buyer, tradeId)).seenThrough],
      [2, null],
    );

    await ok(server.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: seller.token });
    assert.deepEqual(await buyerChat.next(isRead), { type: 'TRADE_READ_MESSAGE', through: 'b-2' });
    const reloaded = await history(buyer, tradeId);
    assert.deepEqual([reloaded.seenThrough, reloaded.unread], ['b-2', 0]);
    assert.deepEqual((await history(seller, tradeId)).unread, 0);

    // Nothing new to read: no mark is told. The seller's next message would come after one.
    await ok(server.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: seller.token });
    await say(sellerChat, 's-1');
    await buyerChat.next(newOf('s-1'));
    assert.equal(readsOf(buyerChat).length, 1, 'the second read moved nothing');
    assert.equal(readsOf(sellerChat).length, 0, 'the reader hears no mark of its own');

    // The buyer's own message after the mark leaves the mark where it was.
    await say(buyerChat, 'b-3');
    assert.equal((await history(buyer, tradeId)).seenThrough, 'b-2');
    await ok(server.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: buyer.token });
    assert.deepEqual(await sellerChat.next(isRead), { type: 'TRADE_READ_MESSAGE', through: 's-1' });
    assert.equal((await history(seller, tradeId)).seenThrough, 's-1');
  });

  test('staff in a disputed trade neither mark it read nor hear the sides’ marks', async () => {
    const { seller, buyer, tradeId } = await server.openedTrade();
    await ok(server.app, 'p2p.markPaid', { id: tradeId }, { token: buyer.token });
    await ok(
      server.app,
      'p2p.disputeTrade',
      { id: tradeId, reason: 'Paid, not released.' },
      { token: buyer.token },
    );
    const buyerChat = await chat(buyer, tradeId);
    const sellerChat = await chat(seller, tradeId);
    const staffChat = await chat(server.agent, tradeId);
    await say(buyerChat, 'b-1');
    await staffChat.next(newOf('b-1'));
    await ok(server.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: server.agent.token });
    const staffView = await history(server.agent, tradeId);
    assert.deepEqual([staffView.unread, staffView.seenThrough], [0, null]);
    assert.equal((await history(buyer, tradeId)).seenThrough, null, 'staff are not the other side');

    await say(staffChat, 'a-1');
    await sellerChat.next(newOf('a-1'));
    // The seller reads through the staff message: the buyer's b-1 is read too.
    await ok(server.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: seller.token });
    assert.deepEqual(await buyerChat.next(isRead), { type: 'TRADE_READ_MESSAGE', through: 'a-1' });
    await say(buyerChat, 'b-2');
    await staffChat.next(newOf('b-2'));
    assert.equal(readsOf(staffChat).length, 0, 'no mark reaches staff');
    assert.equal(readsOf(buyerChat).length, 1);
  });

  test('someone who is not in the trade cannot mark its chat read', async () => {
    const { tradeId } = await server.openedTrade();
    const stranger = await p2pTrader(server.app, server.db, {});
    const refused = await fails(
      server.app,
      { method: 'p2p.markTradeChatRead', id: tradeId },
      { token: stranger.token },
    );
    assert.equal(refused, 'No such trade.');
  });
});

// Only PostgreSQL serves many servers; a PGlite server is alone by design.
forEachDatabase(
  () => {
    let cluster: InProcessServers;

    before(async () => {
      cluster = await InProcessServers.create();
      for (let i = 0; i < 2; i++) {
        await cluster.start({ listen: true, env: { SUPPORT_RATE_LIMIT: '0' } });
      }
    });
    after(() => cluster.stop());

    test('a side reading through one server marks "Seen" for the other side on the other', async () => {
      const [one, two] = cluster.servers;
      assert.ok(one !== undefined && two !== undefined);
      const { seller, buyer, tradeId } = await openedTrade(one.app, one.db);
      const query = `&trade=${tradeId}`;
      const buyerChat = await connect(one.base, await ticket(one.app, buyer.token), query);
      const sellerChat = await connect(two.base, await ticket(two.app, seller.token), query);
      try {
        await say(buyerChat, 'b-1');
        await sellerChat.next(newOf('b-1'));
        await ok(two.app, 'p2p.markTradeChatRead', { id: tradeId }, { token: seller.token });
        assert.deepEqual(await buyerChat.next(isRead), {
          type: 'TRADE_READ_MESSAGE',
          through: 'b-1',
        });
        const reloaded = await ok(
          one.app,
          'p2p.getTradeChat',
          { id: tradeId },
          { token: buyer.token },
        );
        assert.equal(reloaded.seenThrough, 'b-1');
      } finally {
        await buyerChat.close();
        await sellerChat.close();
      }
    });
  },
  { drivers: ['postgres'] },
);
