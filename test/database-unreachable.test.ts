/**
 * A server that loses its PostgreSQL database refuses calls at once, saying so, rather than
 * holding them open or answering a bare server error, and tells its sockets to reconnect (news
 * from other servers stopped); when the database is back it serves again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import WebSocket from 'ws';
import type { PlaceOrderParams } from '../core/protocol/index.ts';
import { LIVE_SOCKET_PATH } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { type Database, openDatabase, postgresPool } from '../server/storage/db.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { call, fundedAccount, ok, testConfig } from './serverTesting.ts';

const config = testConfig({ API_RATE_LIMIT: '0' });
const order: PlaceOrderParams = {
  pair: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '50000',
  amount: '0.01',
};

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;
    let app: FastifyInstance;

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      app = await createServer(config, db);
    });
    after(async () => {
      await app.close().catch(() => {});
      await db.destroy().catch(() => {});
      await scratch.drop();
    });

    test('calls are refused with a clear message while the database is out of reach, then served', async () => {
      const trader = await fundedAccount(app, db, { USDT: '10000' });
      await ok(app, 'orders.place', { ...order, clientOrderId: 'before' }, { token: trader.token });
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const socket = new WebSocket(`${address.replace('http', 'ws')}${LIVE_SOCKET_PATH}`);
      await new Promise((resolve) => socket.once('open', resolve));
      const socketClosed = new Promise<number>((resolve) => socket.once('close', resolve));

      // The database goes away: every connection is cut and no new one can be made.
      const pool = postgresPool(db);
      assert.ok(pool);
      const reachable = pool.options.connectionString;
      pool.options.connectionString = 'postgres://postgres@127.0.0.1:1/gone';
      const admin = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(admin);
      await admin.destroy();

      for (const [method, params] of [
        ['orders.place', { ...order, clientOrderId: 'during' }],
        ['users.getInfo', {}],
        ['wallet.getHistory', {}],
      ] as const) {
        const answer = await call(app, method as 'users.getInfo', params as never, {
          token: trader.token,
        });
        assert.equal(answer.status, false, `${method} answered while the database was gone`);
        assert.equal(
          answer.error_code,
          'request.databaseUnreachable',
          `${method}: ${answer.error_msg}`,
        );
        assert.match(answer.error_msg, /cannot reach its database.*nothing was done/);
      }

      // News from other servers stops with the link: the socket is told to reconnect.
      assert.equal(await socketClosed, 1013);

      // Back: the server takes the market again and serves; the refused order was never placed.
      pool.options.connectionString = reachable;
      for (let tries = 0; ; tries++) {
        const answer = await call(
          app,
          'orders.place',
          { ...order, clientOrderId: 'after' } as never,
          {
            token: trader.token,
          },
        );
        if (answer.status) break;
        assert.ok(tries < 300, `never served again: ${answer.error_msg}`);
        await sleep(50);
      }
      const open = await ok(app, 'orders.getOpen', { pair: 'BTC_USDT' }, { token: trader.token });
      assert.deepEqual(open.orders.map((o) => o.clientOrderId).sort(), ['after', 'before']);
    });
  },
  { drivers: ['postgres'] },
);
