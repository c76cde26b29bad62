import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Halt, StepTurns } from './StepTurns.ts';

/** A step that records its start and end, and ends when `release` is called. */
function step(log: string[], name: string) {
  let release = () => {};
  const ended = new Promise<void>((resolve) => {
    release = resolve;
  });
  const run = async () => {
    log.push(`${name} starts`);
    await ended;
    log.push(`${name} ends`);
    return name;
  };
  return { run, release };
}

test('steps run one at a time, in the order asked', async () => {
  const turns = new StepTurns();
  const log: string[] = [];
  const [a, b, c] = ['a', 'b', 'c'].map((name) => step(log, name));
  if (a === undefined || b === undefined || c === undefined) throw new Error('three steps');
  const halt = new Halt();
  const answers = [turns.take(a.run, halt), turns.take(b.run, halt), turns.take(c.run, halt)];
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ['a starts']);
  c.release();
  b.release();
  a.release();
  assert.deepEqual(await Promise.all(answers), ['a', 'b', 'c']);
  assert.deepEqual(log, ['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
});

test('a step still waiting when its demo halts never runs, and the next one gets the turn', async () => {
  const turns = new StepTurns();
  const log: string[] = [];
  const [a, b, c] = ['a', 'b', 'c'].map((name) => step(log, name));
  if (a === undefined || b === undefined || c === undefined) throw new Error('three steps');
  const going = new Halt();
  const stopping = new Halt();
  const first = turns.take(a.run, going);
  const withdrawn = turns.take(b.run, stopping);
  const last = turns.take(c.run, going);
  stopping.ask();
  // Withdrawn at once, while the step before it still runs.
  assert.equal(await withdrawn, null);
  assert.deepEqual(log, ['a starts']);
  a.release();
  c.release();
  assert.deepEqual(await Promise.all([first, last]), ['a', 'c']);
  assert.deepEqual(log, ['a starts', 'a ends', 'c starts', 'c ends']);
  // A halted demo asks for no more turns.
  assert.equal(await turns.take(b.run, stopping), null);
});
