/**
 * A P2P trade's chat over the support socket against the real server (`ws` as the client), on
 * PGlite and PostgreSQL: who may open it, messages and typing between the two sides, a resend
 * stored once, a receipt image the other side can open and a stranger's upload refused, staff
 * joining once the trade is disputed, and an ended trade's chat read-only.
 */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText } from '../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from './databases.ts';
import { echoOf, newOf, p2pChatServer } from './p2pChatTesting.ts';
import { fails, ok, p2pTrader } from './serverTesting.ts';
import { type Account, connect, handshake, PNG, ticket, uploadPng } from './supportTesting.ts';

forEachDatabase((open) => {
  const server = p2pChatServer(open);
  const { chat } = server;

  const uploadReceipt = async (account: Account, purpose: string) =>
    (await uploadPng(server.app, account.token, purpose)).id;

  test('only the two sides open a trade’s chat; staff only once it is disputed', async () => {
    const { seller, buyer, tradeId } = await server.openedTrade();
    const stranger = await p2pTrader(server.app, server.db, {});
    const opens = async (account: Account, query: string) =>
      handshake(server.address, await ticket(server.app, account.token), {}, query);
    assert.equal(await opens(buyer, `&trade=${tradeId}`), 'open');
    assert.equal(await opens(seller, `&trade=${tradeId}`), 'open');
    assert.equal(await opens(stranger, `&trade=${tradeId}`), 403);
    assert.equal(await opens(server.agent, `&trade=${tradeId}`), 403, 'no dispute yet');
    assert.equal(await opens(buyer, '&trade=0'), 403);
    assert.equal(await opens(buyer, '&trade=1e3'), 403);
    assert.equal(await opens(buyer, '&trade=99999999'), 403);
    const history = await fails(
      server.app,
      { method: 'p2p.getTradeChat', id: tradeId },
      {
        token: stranger.token,
      },
    );
    assert.equal(history, 'No such trade.');
  });

  test('messages, typing and a receipt go between the two sides, each stored once', async () => {
    const { seller, buyer, tradeId } = await server.openedTrade();
    const buyerChat = await chat(buyer, tradeId);
    const sellerChat = await chat(seller, tradeId);
    // The buyer's support socket hears nothing of the trade.
    const buyerSupport = await connect(server.address, await ticket(server.app, buyer.token));
    server.sockets.push(buyerSupport);

    buyerChat.send({ type: 'SUPPORT_TYPING' });
    await sellerChat.next((m) => m.type === 'SUPPORT_TYPING_MESSAGE');

    const hello = {
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'b-1',
      text: ' Paying now ',
      attachment: null,
    };
    buyerChat.send(hello);
    const echo = await buyerChat.next(echoOf('b-1'));
    assert.ok(echo.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(echo.message.text, 'Paying now');
    assert.equal(echo.message.isOut, true);
    assert.equal(echo.message.from, undefined);
    const heard = await sellerChat.next(newOf('b-1'));
    assert.ok(heard.type === 'SUPPORT_NEW_MESSAGE');
    assert.equal(heard.message.isOut, false);
    assert.equal(heard.message.from, 'Buyer');

    // A resend after a reconnect is answered with the stored message and stored once.
    buyerChat.send(hello);
    await buyerChat.next(echoOf('b-1'));

    const receipt = await uploadReceipt(buyer, 'p2p');
    buyerChat.send({ type: 'SUPPORT_SEND_MESSAGE', id: 'b-2', text: '', attachment: receipt });
    await buyerChat.next(echoOf('b-2'));
    const withReceipt = await sellerChat.next(newOf('b-2'));
    assert.ok(withReceipt.type === 'SUPPORT_NEW_MESSAGE' && withReceipt.message.attachment);
    const served = await server.app.inject({ url: withReceipt.message.attachment.path });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, PNG);

    const { messages } = await ok(
      server.app,
      'p2p.getTradeChat',
      { id: tradeId },
      { token: seller.token },
    );
    assert.deepEqual(
      messages.map((m) => [m.id, m.text, m.isOut, m.from]),
      [
        ['b-1', 'Paying now', false, 'Buyer'],
        ['b-2', '', false, 'Buyer'],
      ],
    );
    assert.equal(buyerSupport.received.length, 0, JSON.stringify(buyerSupport.received));

    // An attachment of the buyer's support dialog, and the seller's own, are not the buyer's to send here.
    const supportUpload = await uploadReceipt(buyer, 'support');
    const sellersUpload = await uploadReceipt(seller, 'p2p');
    for (const [id, attachment] of [
      ['b-3', supportUpload],
      ['b-4', sellersUpload],
    ] as const) {
      buyerChat.send({ type: 'SUPPORT_SEND_MESSAGE', id, text: 'x', attachment });
      const refusal = await buyerChat.next(echoOf(id));
      assert.ok(refusal.type === 'SUPPORT_SEND_MESSAGE');
      assert.equal(refusal.error, errorText('support.attachmentNotYours'));
    }
  });

  test('staff join a disputed trade; once decided, its chat takes no new message', async () => {
    const { seller, buyer, tradeId } = await server.openedTrade();
    await ok(server.app, 'p2p.markPaid', { id: tradeId }, { token: buyer.token });
    await ok(
      server.app,
      'p2p.disputeTrade',
      { id: tradeId, reason: 'Paid, not released.' },
      {
        token: buyer.token,
      },
    );
    const buyerChat = await chat(buyer, tradeId);
    const sellerChat = await chat(seller, tradeId);
    const staffChat = await chat(server.agent, tradeId);
    staffChat.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 's-1',
      text: 'Please both send your bank statements.',
      attachment: null,
    });
    await staffChat.next(echoOf('s-1'));
    for (const side of [buyerChat, sellerChat]) {
      const heard = await side.next(newOf('s-1'));
      assert.ok(heard.type === 'SUPPORT_NEW_MESSAGE');
      assert.equal(heard.message.from, 'Support');
    }
    sellerChat.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'sl-1',
      text: 'Nothing came.',
      attachment: null,
    });
    const toStaff = await staffChat.next(newOf('sl-1'));
    assert.ok(toStaff.type === 'SUPPORT_NEW_MESSAGE');
    assert.equal(toStaff.message.from, 'Seller');
    const staffHistory = await ok(
      server.app,
      'p2p.getTradeChat',
      { id: tradeId },
      { token: server.agent.token },
    );
    assert.deepEqual(
      staffHistory.messages.map((m) => m.from ?? 'me'),
      ['me', 'Seller'],
    );

    await ok(
      server.app,
      'p2p.resolveDispute',
      { id: tradeId, to: 'seller', reason: 'No payment seen.' },
      {
        token: server.agent.token,
      },
    );
    buyerChat.send({ type: 'SUPPORT_SEND_MESSAGE', id: 'b-late', text: 'But…', attachment: null });
    const refused = await buyerChat.next(echoOf('b-late'));
    assert.ok(refused.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(refused.error, errorText('tradeChat.ended'));
    // What was said before stays readable.
    const { messages } = await ok(
      server.app,
      'p2p.getTradeChat',
      { id: tradeId },
      { token: buyer.token },
    );
    assert.equal(messages.length, 2);
  });
}, PGLITE_ONLY);
