/**
 * A trading program's own updates on the market socket: every `account` message carries the
 * account's seq, which only grows; a program that reconnects and subscribes with `since` gets
 * exactly what it missed (each changed order at its last change, every fill once, in seq order),
 * then live updates with no gap; one that comes back from too far behind gets a snapshot.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNT_RESUME_BATCHES, type SpotOrder } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { hmacKey, type SigningKey } from './apiKeyTesting.ts';
import { forEachDatabase } from './databases.ts';
import { type AccountMessage, ProgramSocket } from './programSocket.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

const sell = (price: string, amount: string) =>
  ({ pair: 'BTC_USDT', side: 'sell', type: 'limit', price, amount }) as const;

/** The fills in `messages`, as `tradeId:role`. */
const fillsOf = (messages: readonly AccountMessage[]) =>
  messages.flatMap((m) => m.trades.map((t) => `${t.id}:${t.role}`));

/** Each order's last state in `messages`, by id. */
function lastStates(messages: readonly AccountMessage[]): Map<number, SpotOrder> {
  const states = new Map<number, SpotOrder>();
  for (const message of messages) for (const order of message.orders) states.set(order.id, order);
  return states;
}

/** Subscribes a logged-in socket to its account stream, resuming after `since` if given. */
function follow(socket: ProgramSocket, since?: number): void {
  socket.send({
    v: 1,
    type: 'subscribe',
    stream: 'account',
    ...(since === undefined ? {} : { since }),
  });
}

const highestSeq = (messages: readonly AccountMessage[]) => Math.max(...messages.map((m) => m.seq));

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  /** A maker with a key and a taker with a session, both funded. */
  async function traders(): Promise<{ key: SigningKey; taker: string }> {
    const maker = await fundedAccount(app, db, { BTC: '1', USDT: '1000' });
    const taker = await fundedAccount(app, db, { USDT: '100000' });
    return { key: await hmacKey(app, maker.token), taker: taker.token };
  }

  /** The taker buys `amount` BTC at up to `price`. */
  const take = (token: string, price: string, amount: string) =>
    ok(app, 'orders.place', { ...sell(price, amount), side: 'buy' }, { token });

  test('a resume after a deliberate disconnect brings exactly what was missed, then live updates', async () => {
    const { key, taker } = await traders();
    const watcher = await ProgramSocket.login(base, key);
    follow(watcher);
    const first = await waitFor('the snapshot', () => watcher.account().find((m) => m.snapshot));
    const program = await ProgramSocket.login(base, key);
    follow(program);
    await waitFor('the program snapshot', () => program.account().find((m) => m.snapshot));
    for (const price of ['70000', '70100', '70200']) {
      assert.equal((await program.call('place', sell(price, '0.01'))).status, true);
    }
    await take(taker, '70000', '0.004');
    await waitFor('the first fill', () => fillsOf(program.account()).length === 1);
    const seqs = program.account().map((m) => m.seq);
    assert.ok(seqs[0] !== undefined && seqs[0] >= first.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      'seq never goes back',
    );
    const since = highestSeq(program.account());
    program.close();

    // Missed: fills of an order changed twice, one that fills whole, a new order, a cancel.
    await take(taker, '70000', '0.003');
    await take(taker, '70100', '0.01');
    const later = await ProgramSocket.login(base, key);
    assert.equal((await later.call('place', sell('71000', '0.02'))).status, true);
    assert.equal((await later.call('cancel', { clientOrderId: 'none' })).status, false);
    const cancelled = await later.call('cancelAll', { pair: 'BTC_USDT' });
    assert.equal(cancelled.status, true);
    later.close();
    await waitFor('the watcher to hear the cancel', () =>
      watcher.account().some((m) => m.orders.some((o) => o.status === 'cancelled')),
    );

    const back = await ProgramSocket.login(base, key);
    follow(back, since);
    const resumedAt = await waitFor('the resume', () =>
      back.account().find((m) => m.wallets.length > 0),
    );
    assert.equal(
      back.account().some((m) => m.snapshot),
      false,
      'a resume, not a snapshot',
    );
    const resumed = back.account();
    assert.ok(
      resumed.every((m) => m.seq > since),
      'nothing at or before since',
    );
    assert.deepEqual(
      resumed.map((m) => m.seq),
      [...resumed.map((m) => m.seq)].sort((a, b) => a - b),
    );
    const missed = watcher.account().filter((m) => m.seq > since && m.seq <= resumedAt.seq);
    assert.deepEqual(fillsOf(resumed).sort(), fillsOf(missed).sort(), 'every fill missed, once');
    assert.equal(new Set(fillsOf(resumed)).size, fillsOf(resumed).length);
    assert.deepEqual(
      [...lastStates(resumed)].sort(([a], [b]) => a - b),
      [...lastStates(missed)].sort(([a], [b]) => a - b),
      'every order changed, as it is now',
    );
    for (const order of lastStates(resumed).values()) {
      assert.equal(resumed.filter((m) => m.orders.some((o) => o.id === order.id)).length, 1);
    }

    // Then live, with no gap: the next change comes once, after the resume.
    const before = back.messages.length;
    assert.equal((await back.call('place', sell('72000', '0.01'))).status, true);
    const live = await waitFor('the live update', () =>
      back.account().find((m) => m.orders.some((o) => o.price === '72000')),
    );
    assert.ok(live.seq > resumedAt.seq);
    assert.ok(back.messages.indexOf(live) >= before);
    watcher.close();
    back.close();
  });

  test('a resume from too far behind, or ahead of the market, gets a fresh snapshot', async () => {
    const { key } = await traders();
    const program = await ProgramSocket.login(base, key);
    assert.equal((await program.call('place', sell('80000', '0.01'))).status, true);
    follow(program);
    const { seq } = await waitFor('the snapshot', () => program.account().find((m) => m.snapshot));
    program.close();
    await sql`update account_seqs set seq = seq + ${ACCOUNT_RESUME_BATCHES + 1}`.execute(db);
    const back = await ProgramSocket.login(base, key);
    follow(back, seq);
    const snapshot = await waitFor('the snapshot', () => back.account()[0]);
    assert.equal(snapshot.snapshot, true);
    assert.deepEqual(
      snapshot.orders.map((o) => o.price),
      ['80000'],
    );
    const ahead = await ProgramSocket.login(base, key);
    follow(ahead, Number.MAX_SAFE_INTEGER);
    assert.equal((await waitFor('the snapshot', () => ahead.account()[0])).snapshot, true);
    back.close();
    ahead.close();
  });
});
