import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Sequencer, type Waiting } from './Sequencer.ts';

/** A sequencer whose batches double each command, recording the batches it ran. */
function doubling() {
  const batches: number[][] = [];
  const sequencer = new Sequencer<number, number>(async (batch: Waiting<number, number>[]) => {
    batches.push(batch.map(({ command }) => command));
    for (const { command, resolve, reject } of batch) {
      if (command < 0) reject(new Error(`refused ${command}`));
      else resolve(command * 2);
    }
  });
  return { sequencer, batches };
}

test('commands of one turn run as one batch, in arrival order, each answered', async () => {
  const { sequencer, batches } = doubling();
  const answers = await Promise.all([1, 2, 3].map((n) => sequencer.enqueue(n)));
  assert.deepEqual(answers, [2, 4, 6]);
  assert.deepEqual(batches, [[1, 2, 3]]);
});

test('a batch carries at most 256 commands; the rest follow in the next', async () => {
  const { sequencer, batches } = doubling();
  const commands = Array.from({ length: 300 }, (_, i) => i);
  await Promise.all(commands.map((n) => sequencer.enqueue(n)));
  assert.deepEqual(
    batches.map((batch) => batch.length),
    [256, 44],
  );
  assert.deepEqual(batches.flat(), commands);
});

test('one refused command leaves the others of its batch answered', async () => {
  const { sequencer } = doubling();
  const results = await Promise.allSettled([sequencer.enqueue(5), sequencer.enqueue(-1)]);
  assert.deepEqual(results[0], { status: 'fulfilled', value: 10 });
  assert.equal(results[1].status, 'rejected');
});

test('settled waits for the batch under way to finish', async () => {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const ran: number[] = [];
  const sequencer = new Sequencer<number, number>(async (batch) => {
    await gate;
    for (const { command, resolve } of batch) {
      ran.push(command);
      resolve(command);
    }
  });
  void sequencer.enqueue(7);
  let settled = false;
  const waiting = sequencer.settled().then(() => {
    settled = true;
  });
  await new Promise((turn) => setImmediate(turn));
  await new Promise((turn) => setImmediate(turn));
  assert.equal(settled, false);
  open();
  await waiting;
  assert.deepEqual(ran, [7]);
});

test('a batch that throws refuses its callers with the reason, and the next batch still runs', async () => {
  let calls = 0;
  const sequencer = new Sequencer<number, number>(async (batch) => {
    calls += 1;
    if (calls === 1) throw new Error('database unreachable');
    for (const { command, resolve } of batch) resolve(command * 2);
  });
  const first = await Promise.allSettled([sequencer.enqueue(1), sequencer.enqueue(2)]);
  assert.deepEqual(
    first.map((result) => (result.status === 'rejected' ? String(result.reason) : 'fulfilled')),
    ['Error: database unreachable', 'Error: database unreachable'],
  );
  assert.equal(await sequencer.enqueue(3), 6);
});
