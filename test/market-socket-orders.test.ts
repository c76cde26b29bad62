/**
 * Order entry over the market socket (docs/programs.md, "Socket"): each request answers exactly
 * as the HTTP method does for the same input, refusals and codes included, after its commit;
 * answers come in the order the requests were sent, which is the order they committed; weights
 * count against the key's budget as over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { SocketOrderRequest } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { hmacKey, signedCall } from './apiKeyTesting.ts';
import { forEachDatabase } from './databases.ts';
import { ProgramSocket } from './programSocket.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';

/** What an order answer holds that differs between two accounts doing the same. */
const OWN = new Set(['id', 'createdAt', 'updatedAt', 'lastFillAt']);

/** An answer with each order's own id and times blanked, so two accounts' answers compare. */
function comparable(answer: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value) => {
    if (key === 'error_msg') return String(value).replace(/order \d+/, 'order …');
    return OWN.has(key) && value !== null ? '…' : value;
  });
}

const buy = (price: string, amount: string, extra: Record<string, unknown> = {}) => ({
  pair: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price,
  amount,
  ...extra,
});

/** One input of the comparison: a request type and its params. */
const INPUTS: [SocketOrderRequest, Record<string, unknown>][] = [
  ['place', buy('10000', '0.01', { clientOrderId: 'c1' })],
  ['place', buy('10000', '0.01', { clientOrderId: 'c1' })],
  ['place', buy('10000', '0.02', { clientOrderId: 'c1' })],
  ['place', { ...buy('10000', '0.01'), amount: 0.01 }],
  ['place', buy('10000', '100')],
  ['place', { pair: 'NOPE_USDT', side: 'buy', type: 'limit' }],
  ['cancel', { clientOrderId: 'c1' }],
  ['cancel', { clientOrderId: 'c1' }],
  ['cancel', { clientOrderId: 'never' }],
  ['cancel', {}],
  ['place', buy('9000', '0.01', { clientOrderId: 'c2' })],
  ['place', { ...buy('1500', '0.1'), pair: 'ETH_USDT' }],
  ['cancelAll', { pair: 'BTC_USDT' }],
  ['cancelAll', {}],
  ['cancelAll', { pair: 'nope' }],
];

const METHOD = { place: 'orders.place', cancel: 'orders.cancel', cancelAll: 'orders.cancelAll' };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    db = await open();
    const env = { API_RATE_LIMIT: '0', API_KEY_RATE_LIMIT: '60' };
    app = await createServer(testConfig(env), db);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  const program = async (scopes: ('read' | 'trade')[] = ['read', 'trade']) => {
    const { token } = await fundedAccount(app, db, { USDT: '1000' });
    const key = await hmacKey(app, token, { scopes });
    return { token, key, socket: await ProgramSocket.login(base, key) };
  };

  test('each request answers as the HTTP method does for the same input, refusals included', async () => {
    const overHttp = await program();
    const overSocket = await program();
    const timestamp = Date.now();
    for (const [index, [type, params]] of INPUTS.entries()) {
      const http = await signedCall(app, overHttp.key, METHOD[type] as 'orders.place', params, {
        timestamp: timestamp + index,
      });
      const { v, type: kind, id, ...answer } = await overSocket.socket.call(type, params);
      assert.deepEqual([v, kind], [1, 'result']);
      assert.deepEqual(
        comparable(answer),
        comparable(http.body),
        `${type} ${JSON.stringify(params)} answers alike`,
      );
    }
    overSocket.socket.close();
  });

  test('answers come in the order the requests were sent, which is the order they committed', async () => {
    const { socket, token } = await program();
    const ids: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      if (i === 5) ids.push(socket.request('place', { pair: 'BTC_USDT' }));
      // Cancels an order placed three requests before, in the same burst.
      else if (i % 4 === 3) ids.push(socket.request('cancel', { clientOrderId: `o${i - 3}` }));
      else
        ids.push(
          socket.request('place', buy(String(9000 + i), '0.001', { clientOrderId: `o${i}` })),
        );
    }
    await socket.result(ids.at(-1) ?? '');
    const results = socket.results();
    assert.deepEqual(
      results.map((r) => r.id),
      ids,
      'answered in the order sent',
    );
    const placed = results.flatMap((r) => (r.status && 'order' in r && r.id !== ids[5] ? [r] : []));
    const orderIds = placed.filter((r) => r.order.status === 'new').map((r) => r.order.id);
    assert.deepEqual(
      orderIds,
      [...orderIds].sort((a, b) => a - b),
      'placed in the order sent',
    );
    const cancels = results.filter((_, i) => i % 4 === 3 && i !== 5);
    for (const cancel of cancels) {
      assert.equal(cancel.status, true, `the cancel ${cancel.id} found its order placed before it`);
    }
    const { orders } = await ok(app, 'orders.getOpen', {}, { token });
    assert.equal(orders.length, placed.length - cancels.length * 2);
    socket.close();
  });

  test('a read-only key is refused a place; weights spend the key budget shared with HTTP', async () => {
    const reader = await program(['read']);
    const refused = await reader.socket.call('place', buy('10000', '0.01'));
    assert.deepEqual(
      [refused.status, refused.status ? '' : refused.error_code],
      [false, 'apiKey.scopeMissing'],
    );
    reader.socket.close();

    const trader = await program();
    // cancelAll weighs 10 of the 60: five over HTTP and the socket, the sixth refused.
    for (let i = 0; i < 3; i += 1) {
      const http = await signedCall(app, trader.key, 'orders.cancelAll', {});
      assert.equal(http.body.status, true);
    }
    for (let i = 0; i < 3; i += 1)
      assert.equal((await trader.socket.call('cancelAll', {})).status, true);
    const over = await trader.socket.call('cancelAll', {});
    assert.deepEqual([over.status, over.status ? '' : over.error_code], [false, 'apiKey.tooMany']);
    trader.socket.close();
  });
});
