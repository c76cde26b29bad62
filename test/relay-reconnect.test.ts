/**
 * The event relay losing its connection while support messages flow from server A to a client
 * on server B (two servers in this process, each with its own bus relayed through PostgreSQL),
 * as docs/cluster.md designs it:
 * - B's listening connection cut: B closes its sockets with 1013 so clients reconnect and read
 *   afresh; what B's listeners heard has no event twice and keeps publish order; B listens again
 *   and hears what A publishes next, and a reconnected client's history has every message.
 * - A's connection cut: what A publishes meanwhile waits and goes out after A's reconnect, so B
 *   hears every event exactly once, in order, and its client's socket stays open throughout.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { EventBus } from '../server/events/EventBus.ts';
import type { ServerEventBus, ServerEvents } from '../server/events/ServerEvents.ts';
import { TRY_AGAIN_LATER } from '../server/http/sockets.ts';
import type { Database } from '../server/storage/db.ts';
import { storeMessage } from '../server/support/dialogs.ts';
import { type InProcessServer, InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { ok } from './serverTesting.ts';
import {
  type Account,
  client,
  connect,
  type Peer,
  staff,
  ticket,
  until,
} from './supportTesting.ts';

/** A server of the test, with its bus and the support messages its bus's listeners heard. */
interface Relayed extends InProcessServer {
  events: ServerEventBus;
  heard: number[];
}

/**
 * Cuts the connection server `name`'s relay listens and notifies on, as a network fault would:
 * the only one of its connections that runs LISTEN and pg_notify here (no orders are placed).
 * The bus publishes first, so the connection's last query is its notify.
 */
async function cutRelay(db: Database, server: Relayed, name: string): Promise<void> {
  await until(`${name}'s relay connection is cut`, async () => {
    server.events.publish('live.viewed', {});
    const { rows } = await sql<{ cut: boolean }>`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
        where application_name = ${name} and datname = current_database()
          and (query like 'listen %' or query = 'select pg_notify($1, $2)')`.execute(db);
    assert.ok(rows.length <= 1, 'one relay connection');
    return rows.some((row) => row.cut);
  });
}

/** The close code of a socket, once it closes. */
function closeCode(peer: Peer): Promise<number> {
  return new Promise((resolve) => peer.socket.once('close', (code) => resolve(code)));
}

/** The ids of the support messages a socket received, in order. */
const messageIds = (peer: Peer) =>
  peer.received.flatMap((m) => (m.type === 'SUPPORT_NEW_MESSAGE' ? [m.message.id] : []));

/** Whether ids only grow: nothing heard twice, nothing out of order. */
const rising = (ids: readonly number[]) => ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0));

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let a: Relayed;
    let b: Relayed;
    let agent: Account;
    let sent = 0;

    const start = async (name: string): Promise<Relayed> => {
      const events = new EventBus<ServerEvents>();
      const heard: number[] = [];
      events.subscribe('support.message', ({ messageId }) => heard.push(messageId));
      const server = await cluster.start({ name, options: { events }, listen: true });
      return { ...server, events, heard };
    };

    /** Server A stores a staff reply to `clientId` and publishes it, as its socket would. */
    const reply = async (clientId: number): Promise<number> => {
      sent += 1;
      const { row } = await storeMessage(a.db, {
        clientId,
        id: `reply-${sent}`,
        text: `Reply ${sent}`,
        isOut: false,
        authorId: agent.id,
        attachment: null,
      });
      a.events.publish('support.message', { messageId: row.id, clientId, fromStaff: true });
      return row.id;
    };

    before(async () => {
      cluster = await InProcessServers.create();
      a = await start('relay_a');
      b = await start('relay_b');
      agent = await staff(a.app, a.db);
    });
    after(() => cluster.stop());

    test("B's listening connection cut mid-stream: 1013, nothing twice, then news again", async () => {
      const user = await client(a.app);
      const tab = await connect(b.base, await ticket(b.app, user.token));
      const closed = closeCode(tab);
      const from = b.heard.length;
      const published: number[] = [];
      for (let i = 0; i < 10; i++) published.push(await reply(user.id));
      await until('B hears the stream', () => b.heard.length > from);
      // The cut lands while A goes on publishing.
      const cut = cutRelay(b.db, b, 'relay_b');
      for (let i = 0; i < 10; i++) published.push(await reply(user.id));
      await cut;
      assert.equal(await closed, TRY_AGAIN_LATER);

      // A goes on until B hears it again (B tries to listen again after a second).
      let last = 0;
      await until('B listens again', async () => {
        last = await reply(user.id);
        published.push(last);
        await sleep(50);
        return b.heard.includes(last);
      });
      const heard = b.heard.slice(from);
      assert.ok(rising(heard), `in order, none twice: ${heard}`);
      assert.ok(heard.every((id) => published.includes(id)));
      assert.equal(heard[0], published[0], 'heard from the start');

      // The client reconnects and reads afresh: every message is there, and news flows again.
      const again = await connect(b.base, await ticket(b.app, user.token));
      const history = await ok(b.app, 'support.getHistory', {}, { token: user.token });
      assert.equal(history.messages.length, published.length);
      await reply(user.id);
      await until('the new socket hears A', () => messageIds(again).length === 1);
      await again.close();
    });

    test("A's connection cut mid-stream: B hears every event once, in order, its socket open", async () => {
      const user = await client(a.app);
      const tab = await connect(b.base, await ticket(b.app, user.token));
      const from = b.heard.length;
      const published: number[] = [];
      for (let i = 0; i < 10; i++) published.push(await reply(user.id));
      await until('B hears the stream', () => b.heard.length > from);
      const cut = cutRelay(a.db, a, 'relay_a');
      for (let i = 0; i < 30; i++) published.push(await reply(user.id));
      await cut;
      for (let i = 0; i < 10; i++) published.push(await reply(user.id));
      await until(
        'B heard everything A published',
        () => b.heard.length - from >= published.length,
      );
      // The socket's copies follow what B heard (each is read from the database): wait for them
      // all, then a moment more, in which a copy sent twice would arrive.
      await until('the socket got as many', () => messageIds(tab).length >= published.length);
      await sleep(200);
      assert.deepEqual(b.heard.slice(from), published, 'every event, once, in order');
      assert.equal(messageIds(tab).length, published.length, 'the socket got every message once');
      assert.equal(tab.socket.readyState, tab.socket.OPEN);
      await tab.close();
    });
  },
  { drivers: ['postgres'] },
);
