/**
 * The support chat with its two sides on two servers sharing one PostgreSQL database, the event
 * bus shared between them in one process as the transport between servers would carry it: a
 * client's sockets on server A and B and staff on B and A exchange messages both ways, each
 * writer's in order, once, with the echoes each socket gets when alone; typing crosses over; read
 * marks are the database's, seen alike from either server, and reach both sides' sockets live; a P2P trade's two sides chat across
 * the servers; and a client whose socket is open on B only counts as online for a server that
 * holds none, until B closes it or stops renewing its presence.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { SupportServerMessage } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { EventBus } from '../server/events/EventBus.ts';
import type { ServerEvents } from '../server/events/ServerEvents.ts';
import type { Database } from '../server/storage/db.ts';
import { storeMessage } from '../server/support/dialogs.ts';
import { SupportHub } from '../server/support/hub.ts';
import { PRESENCE_EXPIRY_S, supportPresence } from '../server/support/presence.ts';
import { mailUnreadReplies } from '../server/support/replyMails.ts';
import { forEachDatabase } from './databases.ts';
import { ok, p2pTrader, publishP2pOffer, testConfig } from './serverTesting.ts';
import { client, connect, type Peer, staff, ticket, until } from './supportTesting.ts';

/** Messages each side sends in the exchange. */
const EACH = 15;

/** How long a duplicate would have had to arrive after the last expected message. */
const SETTLE_MS = 300;

/** The ids of the messages of `type` a socket received, in the order received. */
const idsOf = (peer: Peer, type: SupportServerMessage['type']) =>
  peer.received.flatMap((m) => (m.type === type && 'message' in m ? [m.message.id] : []));

// Only PostgreSQL serves many servers; a PGlite server is alone by design.
forEachDatabase(
  (open) => {
    let db: Database;
    let one: FastifyInstance;
    let two: FastifyInstance;
    let addressOne: string;
    let addressTwo: string;

    before(async () => {
      db = await open();
      const events = new EventBus<ServerEvents>();
      const config = testConfig({ API_RATE_LIMIT: '0', SUPPORT_RATE_LIMIT: '0' });
      one = await createServer(config, db, { events });
      two = await createServer(config, db, { events });
      addressOne = await one.listen({ host: '127.0.0.1', port: 0 });
      addressTwo = await two.listen({ host: '127.0.0.1', port: 0 });
    });
    after(async () => {
      await one.close();
      await two.close();
    });

    test('a client on A and staff on B exchange messages both ways, in order, once', async () => {
      const user = await client(one);
      const agent = await staff(one, db);
      const colleague = await staff(one, db);
      const tab = await connect(addressOne, await ticket(one, user.token));
      const otherTab = await connect(addressTwo, await ticket(two, user.token));
      const desk = await connect(addressTwo, await ticket(two, agent.token));
      const otherDesk = await connect(addressOne, await ticket(one, colleague.token));
      const asked = Array.from({ length: EACH }, (_, i) => `ask-${i}`);
      const answered = Array.from({ length: EACH }, (_, i) => `answer-${i}`);
      // Both sides write at once, each as fast as its socket takes it.
      for (let i = 0; i < EACH; i++) {
        const text = `Message ${i}`;
        tab.send({ type: 'SUPPORT_SEND_MESSAGE', id: asked[i], text, attachment: null });
        desk.send({
          type: 'SUPPORT_SEND_MESSAGE',
          id: answered[i],
          text,
          attachment: null,
          userId: user.id,
        });
      }
      const all = [tab, otherTab, desk, otherDesk];
      await until('every socket has both sides', () =>
        all.every((p) => p.received.length >= 2 * EACH),
      );
      await sleep(SETTLE_MS);

      // The client's sockets: its own messages as echoes, staff's as new; staff the other way.
      for (const peer of [tab, otherTab]) {
        assert.deepEqual(idsOf(peer, 'SUPPORT_SEND_MESSAGE'), asked);
        assert.deepEqual(idsOf(peer, 'SUPPORT_NEW_MESSAGE'), answered);
      }
      for (const peer of [desk, otherDesk]) {
        assert.deepEqual(idsOf(peer, 'SUPPORT_SEND_MESSAGE'), answered);
        assert.deepEqual(idsOf(peer, 'SUPPORT_NEW_MESSAGE'), asked);
      }
      for (const peer of all) assert.equal(peer.received.length, 2 * EACH, 'nothing twice');
      // Staff frames name the client; the client's never do.
      assert.ok(desk.received.every((m) => 'userId' in m && m.userId === user.id));
      assert.ok(tab.received.every((m) => !('userId' in m)));
      // Every socket saw the one sequence the bus carried. Not necessarily the ids' order: two
      // servers storing at the same moment publish after their own commits, in either order.
      const sequences = all.map((peer) =>
        peer.received.flatMap((m) => ('message' in m ? [m.message.id] : [])),
      );
      for (const sequence of sequences) assert.deepEqual(sequence, sequences[0]);

      // A resend from B is answered to its sender alone, from the store.
      desk.send({
        type: 'SUPPORT_SEND_MESSAGE',
        id: answered[0],
        text: 'Answer 0',
        attachment: null,
        userId: user.id,
      });
      await until('the resend is answered', () => desk.received.length === 2 * EACH + 1);
      await sleep(SETTLE_MS);
      for (const peer of [tab, otherTab, otherDesk]) assert.equal(peer.received.length, 2 * EACH);
      await Promise.all(all.map((peer) => peer.close()));
    });

    test('typing crosses from A to B and back', async () => {
      const user = await client(one);
      const agent = await staff(one, db);
      const tab = await connect(addressOne, await ticket(one, user.token));
      const desk = await connect(addressTwo, await ticket(two, agent.token));
      tab.send({ type: 'SUPPORT_TYPING' });
      assert.deepEqual(await desk.next((m) => m.type === 'SUPPORT_TYPING_MESSAGE'), {
        type: 'SUPPORT_TYPING_MESSAGE',
        userId: user.id,
      });
      desk.send({ type: 'SUPPORT_TYPING', userId: user.id });
      assert.deepEqual(await tab.next((m) => m.type === 'SUPPORT_TYPING_MESSAGE'), {
        type: 'SUPPORT_TYPING_MESSAGE',
      });
      await sleep(SETTLE_MS);
      assert.equal(tab.received.length, 1, 'the client does not hear its own typing');
      assert.equal(desk.received.length, 1, 'nor staff theirs');
      await tab.close();
      await desk.close();
    });

    test('a read mark made through one server is what the other answers, and reaches its sockets live', async () => {
      const user = await client(one);
      const agent = await staff(one, db);
      const tab = await connect(addressOne, await ticket(one, user.token));
      const desk = await connect(addressTwo, await ticket(two, agent.token));
      desk.send({
        type: 'SUPPORT_SEND_MESSAGE',
        id: 'read-1',
        text: 'Hello',
        attachment: null,
        userId: user.id,
      });
      await desk.next((m) => m.type === 'SUPPORT_SEND_MESSAGE' && m.message.id === 'read-1');
      const before = await ok(one, 'support.getHistory', {}, { token: user.token });
      assert.equal(before.unread, 1);
      // The client reads through A: staff on B (their "Seen") and the client's socket on A hear it.
      await ok(one, 'support.markRead', {}, { token: user.token });
      const afterRead = await ok(two, 'support.getHistory', {}, { token: user.token });
      assert.equal(afterRead.unread, 0);
      assert.deepEqual(
        await desk.next((m) => m.type === 'SUPPORT_READ_MESSAGE' && m.reader === 'client'),
        { type: 'SUPPORT_READ_MESSAGE', reader: 'client', userId: user.id },
      );
      await tab.next((m) => m.type === 'SUPPORT_READ_MESSAGE' && m.reader === 'client');
      // Staff reloading the dialog on B see their reply read (nothing of the client's was unread).
      const dialog = await ok(
        two,
        'support.getDialog',
        { userId: user.id },
        { token: agent.token },
      );
      assert.equal(dialog.seen, true);
      // Staff read the client's message through A: the client's socket on A and staff on B hear it.
      tab.send({ type: 'SUPPORT_SEND_MESSAGE', id: 'read-2', text: 'Thanks', attachment: null });
      await desk.next((m) => m.type === 'SUPPORT_NEW_MESSAGE' && m.message.id === 'read-2');
      await ok(one, 'support.getDialog', { userId: user.id }, { token: agent.token });
      assert.deepEqual(
        await tab.next((m) => m.type === 'SUPPORT_READ_MESSAGE' && m.reader === 'staff'),
        { type: 'SUPPORT_READ_MESSAGE', reader: 'staff' },
      );
      assert.deepEqual(
        await desk.next((m) => m.type === 'SUPPORT_READ_MESSAGE' && m.reader === 'staff'),
        { type: 'SUPPORT_READ_MESSAGE', reader: 'staff', userId: user.id },
      );
      assert.equal((await ok(two, 'support.getHistory', {}, { token: user.token })).seen, true);
      await sleep(SETTLE_MS);
      const reads = [tab, desk].map(
        (peer) => peer.received.filter((m) => m.type === 'SUPPORT_READ_MESSAGE').length,
      );
      assert.deepEqual(reads, [2, 2], 'each read mark once on each socket');
      await tab.close();
      await desk.close();
    });

    test("a P2P trade's sides chat across the servers, typing too", async () => {
      const seller = await p2pTrader(one, db, { USDT: '100' });
      const buyer = await p2pTrader(one, db, {});
      const offer = await publishP2pOffer(one, seller.token);
      const { trade } = await ok(
        one,
        'p2p.openTrade',
        { offerId: offer.id, fiatAmount: '45' },
        { token: buyer.token },
      );
      const query = `&trade=${trade.id}`;
      const buyerChat = await connect(addressOne, await ticket(one, buyer.token), query);
      const sellerChat = await connect(addressTwo, await ticket(two, seller.token), query);
      buyerChat.send({
        type: 'SUPPORT_SEND_MESSAGE',
        id: 'paid-1',
        text: 'Paid just now',
        attachment: null,
      });
      const echo = await buyerChat.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
      assert.equal('message' in echo && echo.message.isOut, true);
      const heard = await sellerChat.next((m) => m.type === 'SUPPORT_NEW_MESSAGE');
      assert.ok('message' in heard && heard.message.id === 'paid-1' && !heard.message.isOut);
      assert.equal('message' in heard && heard.message.from, 'Buyer');
      sellerChat.send({ type: 'SUPPORT_TYPING' });
      await buyerChat.next((m) => m.type === 'SUPPORT_TYPING_MESSAGE');
      await sleep(SETTLE_MS);
      assert.equal(buyerChat.received.length, 2, 'one echo and one typing, nothing twice');
      assert.equal(sellerChat.received.length, 1);
      await buyerChat.close();
      await sellerChat.close();
    });

    test('a client online on B only counts as online for a server holding none of its sockets', async () => {
      const user = await client(one);
      await db
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      const agent = await staff(one, db);
      // A server that holds no socket of the client, as A does: its own presence on the database.
      const elsewhere = supportPresence(db, new SupportHub(), (error) => {
        throw error;
      });
      assert.equal(await elsewhere.isOnline(user.id), false);
      const tab = await connect(addressTwo, await ticket(two, user.token));
      await until('B records the socket', () => elsewhere.isOnline(user.id));

      await storeMessage(db, {
        clientId: user.id,
        id: 'unread-1',
        text: 'Your deposit arrived.',
        isOut: false,
        authorId: agent.id,
        attachment: null,
      });
      const later = new Date(Date.now() + 6 * 60_000);
      const sweep = () =>
        mailUnreadReplies(db, testConfig(), (id) => elsewhere.isOnline(id), later);
      assert.equal(await sweep(), 0, 'no reply mail while the client is on B');

      // B stops renewing its row (killed): after the expiry the client counts as away.
      await sql`update support_presence set seen_at = now() - make_interval(secs => ${PRESENCE_EXPIRY_S + 1})
        where user_id = ${user.id}`.execute(db);
      assert.equal(await elsewhere.isOnline(user.id), false);
      // Alive again, B's heartbeat writes the row anew; closing the socket removes it.
      await until('B renews its row', () => elsewhere.isOnline(user.id), 30_000);
      await tab.close();
      await until('B forgets the socket', async () => !(await elsewhere.isOnline(user.id)));
      assert.equal(await sweep(), 1, 'mailed once the client is away from every server');
      await elsewhere.stop();
    });
  },
  { drivers: ['postgres'] },
);
