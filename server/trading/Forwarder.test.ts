/**
 * A forwarded command's answer as its caller sees it: the owner's refusal or rows, given only
 * once the follower's replica holds the batch that ran it; taken from the batch's notification
 * without reading the intake when it fits there, and read from the intake when the notification
 * was too large or lost.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type KyselyPlugin, sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { until } from '../../test/supportTesting.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { Database } from '../storage/db.ts';
import type { Command } from './Command.ts';
import { Forwarder, type ReplicaProgress } from './Forwarder.ts';
import {
  type Answer,
  type Answered,
  type Answering,
  answering,
  answerOf,
  commitsHeard,
} from './intake.ts';
import type { BatchPosition } from './Publisher.ts';

const MARKET = 'forwarding';
const CANCEL: Command = { kind: 'cancel', userId: 1, ref: { id: 42 } };
const AT: BatchPosition = { epoch: 3, batch: 17 };
const NOT_FOUND = answerOf(refusal('order.notFound', { ref: '42' }));

/** A replica that reaches a batch when the test says so, and remembers what it was asked. */
class Replica implements ReplicaProgress {
  readonly asked: (BatchPosition | 'now')[] = [];
  private release: () => void = () => {};
  private readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  caughtUp(): Promise<void> {
    this.asked.push('now');
    return this.held;
  }

  reached(at: BatchPosition): Promise<void> {
    this.asked.push(at);
    return this.held;
  }

  /** Takes every batch asked for. */
  catchUp(): void {
    this.release();
  }
}

/** Counts the statements sent through a handle; `onResult` sees each one's result first. */
function counted(db: Database, onResult: (rows: unknown[]) => Promise<void> = async () => {}) {
  const tally = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      tally.statements += 1;
      await onResult(args.result.rows as unknown[]);
      return args.result;
    },
  };
  return { handle: db.withPlugin(plugin), tally };
}

/** The owner's side: stores `answers` with the batch's notification; the payload it sent. */
async function answer(
  db: Database,
  at: BatchPosition | null,
  answers: { id: number; answer: Answer }[],
): Promise<string> {
  const parts = answering(MARKET, at, answers);
  assert.ok(parts);
  await stored(db, parts);
  return payloadOf(db, parts);
}

async function stored(db: Database, parts: Answering): Promise<void> {
  await sql`with stored as (${parts.store}) select ${parts.notify}`.execute(db);
}

/** What the answers' notification carries. */
function payloadOf(db: Database, parts: Answering): string {
  const payload = parts.notify.compile(db).parameters[1];
  assert.equal(typeof payload, 'string');
  return payload as string;
}

async function waitingIds(db: Database): Promise<number[]> {
  const rows = await db.selectFrom('market_intake').select('id').orderBy('id').execute();
  return rows.map((row) => Number(row.id));
}

/** A caller's call, and whether it has been answered yet. */
function call(forwarder: Forwarder, command: Command) {
  const state = { answered: false };
  const result = forwarder.forward(command).then(
    (rows) => {
      state.answered = true;
      return rows;
    },
    (error: unknown) => {
      state.answered = true;
      throw error;
    },
  );
  return { state, result };
}

forEachDatabase((open) => {
  test('an answer its notification carries is given with no read, once the replica holds its batch', async () => {
    const db = await open();
    const replica = new Replica();
    const { handle, tally } = counted(db);
    const forwarder = new Forwarder(handle, MARKET, replica, async () => {}, 60_000);
    const { state, result } = call(forwarder, CANCEL);
    await until('the command is stored', async () => (await waitingIds(db)).length === 1);
    const [id] = await waitingIds(db);
    assert.ok(id !== undefined);

    const heard = commitsHeard(await answer(db, AT, [{ id, answer: NOT_FOUND }]));
    assert.equal(heard.market, MARKET);
    forwarder.committed(heard.answers);
    await until('the replica is asked for the batch', () => replica.asked.length > 0);
    assert.deepEqual(replica.asked, [AT]);
    assert.equal(state.answered, false, 'not before the replica holds the batch');

    replica.catchUp();
    await assert.rejects(
      result,
      (error) => error instanceof DomainError && error.code === 'order.notFound',
    );
    assert.equal(tally.statements, 1, 'the store alone: the answer came in its notification');
    assert.deepEqual(await waitingIds(db), [id], 'its row stays until the next look');

    await forwarder.settled();
    assert.deepEqual(await waitingIds(db), [], 'the next look deleted it');
    assert.equal(tally.statements, 2);
    forwarder.close();
  });

  test('an answer told before the store returned its id is given once it does', async () => {
    const db = await open();
    const replica = new Replica();
    replica.catchUp();
    let forwarder: Forwarder | null = null;
    let told: Answering | null = null;
    // The owner answers, and its notification arrives, before the store's ids come back.
    const { handle, tally } = counted(db, async (rows) => {
      const ids = (rows[0] as { ids?: number[] } | undefined)?.ids;
      if (ids === undefined) return;
      const parts = answering(MARKET, AT, [{ id: Number(ids[0]), answer: { rows: [] } }]);
      assert.ok(parts);
      told = parts;
      forwarder?.committed(commitsHeard(payloadOf(db, parts)).answers);
    });
    forwarder = new Forwarder(handle, MARKET, replica, async () => {}, 60_000);
    assert.deepEqual(await forwarder.forward(CANCEL), []);
    assert.equal(tally.statements, 1, 'no read: the early answer was kept');
    assert.ok(told);
    await stored(db, told);
    await forwarder.settled();
    assert.deepEqual(await waitingIds(db), [], 'its row deleted at the next look');
    forwarder.close();
  });

  test('answers too large for their notification are read on hearing it', async () => {
    const db = await open();
    const replica = new Replica();
    replica.catchUp();
    const forwarder = new Forwarder(db, MARKET, replica, async () => {}, 60_000);
    const calls = Array.from({ length: 200 }, () => forwarder.forward(CANCEL));
    await until('every command is stored', async () => (await waitingIds(db)).length === 200);
    const ids = await waitingIds(db);
    const payload = await answer(
      db,
      AT,
      ids.map((id) => ({ id, answer: { rows: [] } })),
    );
    assert.deepEqual(commitsHeard(payload), { market: MARKET, answers: null }, 'the name alone');
    forwarder.committed(null);
    assert.equal((await Promise.all(calls)).length, 200);
    assert.deepEqual(replica.asked, [AT]);
    assert.deepEqual(await waitingIds(db), [], 'read and deleted together');
    forwarder.close();
  });

  test('an answer whose notification was lost is found by the periodic look', async () => {
    const db = await open();
    const replica = new Replica();
    replica.catchUp();
    const forwarder = new Forwarder(db, MARKET, replica, async () => {}, 20);
    const { state, result } = call(forwarder, CANCEL);
    await until('the command is stored', async () => (await waitingIds(db)).length === 1);
    const [id] = await waitingIds(db);
    assert.ok(id !== undefined);
    // Stored by an owner of the version before, with no batch position: the replica takes every
    // batch committed so far.
    await answer(db, null, [{ id, answer: { rows: [] } }]);
    await until('the look finds the answer', () => state.answered);
    assert.deepEqual(await result, []);
    assert.deepEqual(replica.asked, ['now']);
    assert.deepEqual(await waitingIds(db), []);
    forwarder.close();
  });

  test('a failed command is refused at once: it wrote nothing for the replica to wait for', async () => {
    const db = await open();
    const replica = new Replica();
    const forwarder = new Forwarder(db, MARKET, replica, async () => {}, 60_000);
    const answered = forwarder.forward(CANCEL);
    await until('the command is stored', async () => (await waitingIds(db)).length === 1);
    const [id] = await waitingIds(db);
    assert.ok(id !== undefined);
    const failed: Answered = { failed: true };
    forwarder.committed(commitsHeard(await answer(db, null, [{ id, answer: failed }])).answers);
    await assert.rejects(answered, /could not run the command/);
    assert.deepEqual(replica.asked, [], 'the replica was not waited for');
    await forwarder.settled();
    forwarder.close();
  });
});
