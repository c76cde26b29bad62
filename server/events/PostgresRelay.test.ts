import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { forEachDatabase } from '../../test/databases.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { EventBus } from './EventBus.ts';
import { EVENTS_CHANNEL, PostgresRelay } from './PostgresRelay.ts';

type Events = { 'order.filled': { orderId: number; note: string } };

/** A log that keeps what was logged, by level. */
function keptLog() {
  const logged: { level: string; message: unknown }[] = [];
  const keep = (level: string) => (first: unknown, second?: unknown) =>
    logged.push({ level, message: second ?? first });
  return { logged, log: { info: keep('info'), warn: keep('warn'), error: keep('error') } as never };
}

/**
 * A bus relayed over `db` (through a pool of its own, named `name`, when given), with what its
 * listeners heard; closed when the test ends, passed or not.
 */
async function server(t: TestContext, db: Database, name?: string) {
  const shared = postgresPool(db);
  assert.ok(shared);
  const pool =
    name === undefined ? shared : new pg.Pool({ ...shared.options, application_name: name });
  const bus = new EventBus<Events>();
  const heard: number[] = [];
  bus.subscribe('order.filled', ({ orderId }) => heard.push(orderId));
  const { logged, log } = keptLog();
  const relay = await PostgresRelay.start(bus, pool, log);
  t.after(async () => {
    await relay.close();
    if (pool !== shared) await pool.end();
  });
  return { bus, heard, relay, logged };
}

/** Waits until `check` holds, polling; fails naming `what` if it never does. */
async function until(what: string, check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 250; tries++) {
    if (check()) return;
    await sleep(20);
  }
  assert.fail(`never happened: ${what}`);
}

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

// Only PostgreSQL serves many processes; on PGlite the one server's bus is the whole bus.
forEachDatabase(
  (open) => {
    test('what one server publishes every server hears once, in the order published', async (t) => {
      const db = await open();
      const servers = [await server(t, db), await server(t, db), await server(t, db)];
      const [first, second, third] = servers;
      assert.ok(first && second && third);
      // 600 events published in one go travel in a few notifications of at most 8,000 bytes.
      for (const orderId of ids(600)) {
        first.bus.publish('order.filled', { orderId, note: 'x'.repeat(40) });
      }
      second.bus.publish('order.filled', { orderId: 601, note: '' });
      await until('all heard', () => servers.every((s) => s.heard.length === 601));
      assert.deepEqual(first.heard.slice(0, 600), ids(600), 'the publisher heard its own at once');
      for (const { heard } of servers) {
        assert.deepEqual(
          heard.filter((id) => id <= 600),
          ids(600),
        );
        assert.equal(heard.filter((id) => id === 601).length, 1);
      }
      await sleep(100);
      assert.ok(
        servers.every((s) => s.heard.length === 601),
        'nothing heard twice',
      );
    });

    test('after a lost connection a server listens again, sends what waited and says it reconnected', async (t) => {
      const db = await open();
      const sender = await server(t, db);
      const receiver = await server(t, db, 'receiver');
      let reconnects = 0;
      sender.relay.onReconnect(() => reconnects++);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name <> 'receiver'
          and (query like 'listen %' or query in ('select pg_notify($1, $2)', 'select 1'))`.execute(
        db,
      );
      await until('the loss noticed', () => !sender.relay.listening);
      sender.bus.publish('order.filled', { orderId: 7, note: 'while down' });
      assert.deepEqual(sender.heard, [7], 'its own listeners hear it at once');
      await until('the other server heard it', () => receiver.heard.includes(7));
      assert.equal(reconnects, 1);
      assert.ok(sender.logged.some((entry) => entry.level === 'warn'));
    });

    test('a notification sent again after a cut (in part or whole) is heard once', async (t) => {
      const db = await open();
      const receiver = await server(t, db);
      const event = (orderId: number) => ['order.filled', { orderId, note: '' }];
      const notify = (events: unknown[], first: number) =>
        sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(['another bus', events, first])})`.execute(
          db,
        );
      await notify([event(1), event(2)], 1);
      await notify([event(1), event(2)], 1); // the same, its first answer lost with the connection
      await notify([event(2), event(3)], 2); // sent again with what was published meanwhile
      await notify([event(4)], 4);
      await until('the last heard', () => receiver.heard.includes(4));
      assert.deepEqual(receiver.heard, [1, 2, 3, 4]);
    });

    test('a payload too large for NOTIFY is logged as a bug and heard only where published', async (t) => {
      const db = await open();
      const sender = await server(t, db);
      const receiver = await server(t, db);
      sender.bus.publish('order.filled', { orderId: 1, note: 'x'.repeat(9_000) });
      sender.bus.publish('order.filled', { orderId: 2, note: '' });
      await until('the small one arrived', () => receiver.heard.includes(2));
      assert.deepEqual(receiver.heard, [2]);
      assert.deepEqual(sender.heard, [1, 2]);
      assert.ok(sender.logged.some((entry) => entry.level === 'error'));
    });
  },
  { drivers: ['postgres'] },
);
