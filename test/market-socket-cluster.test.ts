/**
 * The market socket's order entry across two servers on one PostgreSQL database: an order placed
 * through a follower's socket is answered once the owner committed it, an account stream resumes
 * on the other server from the seq it reached on the first, and a key revoked through one server
 * closes its socket on the other.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Database } from '../server/storage/db.ts';
import { hmacKey } from './apiKeyTesting.ts';
import { type InProcessServer, InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { type AccountMessage, ProgramSocket } from './programSocket.ts';
import { fundedAccount, ok } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

const sell = (price: string, amount: string, clientOrderId?: string) =>
  ({
    pair: 'ETH_USDT',
    side: 'sell',
    type: 'limit',
    price,
    amount,
    ...(clientOrderId === undefined ? {} : { clientOrderId }),
  }) as const;

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let owner: InProcessServer;
    let follower: InProcessServer;
    let db: Database;

    before(async () => {
      cluster = await InProcessServers.create();
      owner = await cluster.start({ name: 'owner', listen: true });
      follower = await cluster.start({ name: 'follower', listen: true });
      db = owner.db;
    });
    after(() => cluster.stop());

    const trader = async () => {
      const { token } = await fundedAccount(owner.app, db, { ETH: '10', USDT: '1000' });
      return { token, key: await hmacKey(owner.app, token) };
    };

    test("an order placed through a follower's socket is answered after the owner's commit", async () => {
      const { token, key } = await trader();
      const program = await ProgramSocket.login(follower.base, key);
      const answer = await program.call('place', sell('3000', '0.5', 'f1'));
      assert.equal(answer.status, true, JSON.stringify(answer));
      // Answered: the owner's books and the database hold it already.
      const { orders } = await ok(owner.app, 'orders.getOpen', {}, { token });
      assert.deepEqual(
        orders.map((o) => o.clientOrderId),
        ['f1'],
      );
      const stored = await db
        .selectFrom('orders')
        .select(['status', 'changed_seq'])
        .where('client_order_id', '=', 'f1')
        .executeTakeFirstOrThrow();
      assert.equal(stored.status, 'new');
      const cancelled = await program.call('cancelAll', {});
      assert.equal(cancelled.status && 'orders' in cancelled && cancelled.orders.length, 1);
      program.close();
    });

    test("a follower's socket commits its requests in the order sent: a cancel right behind its place finds it", async () => {
      const { token, key } = await trader();
      const program = await ProgramSocket.login(follower.base, key);
      const ids: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        ids.push(program.request('place', sell(String(3000 + i), '0.01', `s${i}`)));
        ids.push(program.request('cancel', { clientOrderId: `s${i}` }));
      }
      ids.push(program.request('cancelAll', { pair: 'ETH_USDT' }));
      await program.result(ids.at(-1) ?? '');
      const results = program.results();
      assert.deepEqual(
        results.map((r) => r.id),
        ids,
        'answered in the order sent',
      );
      for (const result of results.slice(0, -1)) {
        assert.equal(result.status, true, JSON.stringify(result));
      }
      const placed = results.flatMap((r, i) => (i % 2 === 0 && 'order' in r ? [r.order.id] : []));
      assert.equal(placed.length, 40);
      assert.deepEqual(
        placed,
        [...placed].sort((a, b) => a - b),
        'placed in the order sent',
      );
      const last = results.at(-1);
      assert.deepEqual(last?.status && 'orders' in last && last.orders, [], 'nothing left open');
      const { orders } = await ok(owner.app, 'orders.getOpen', {}, { token });
      assert.deepEqual(orders, []);
      program.close();
    });

    test('an account stream resumes on the other server from the seq it reached', async () => {
      const { key } = await trader();
      const first = await ProgramSocket.login(owner.base, key);
      first.send({ v: 1, type: 'subscribe', stream: 'account' });
      assert.equal((await first.call('place', sell('3100', '0.1', 'a1'))).status, true);
      const seen = await waitFor('the update', () =>
        first.account().find((m) => m.orders.some((o) => o.clientOrderId === 'a1')),
      );
      first.close();
      const other = await ProgramSocket.login(follower.base, key);
      for (const id of ['a2', 'a3']) {
        assert.equal((await other.call('place', sell('3200', '0.1', id))).status, true);
      }
      assert.equal((await other.call('cancel', { clientOrderId: 'a1' })).status, true);
      other.send({ v: 1, type: 'subscribe', stream: 'account', since: seen.seq });
      const resumed = await waitFor('the resume', () => {
        const messages = other.account();
        return messages.some((m) => m.wallets.length > 0) && messages;
      });
      assert.equal(
        resumed.some((m) => m.snapshot),
        false,
      );
      const changed = (messages: AccountMessage[]) =>
        messages.flatMap((m) => m.orders.map((o) => `${o.clientOrderId}:${o.status}`)).sort();
      assert.deepEqual(changed(resumed), ['a1:cancelled', 'a2:new', 'a3:new']);
      assert.ok(resumed.every((m) => m.seq > seen.seq));
      other.close();
    });

    test('a key revoked through one server closes its socket on the other', async () => {
      const { token, key } = await trader();
      const program = await ProgramSocket.login(follower.base, key);
      await ok(owner.app, 'apiKeys.revoke', { id: key.id }, { token });
      assert.equal((await program.whenClosed()).code, 4001);
    });
  },
  { drivers: ['postgres'] },
);
