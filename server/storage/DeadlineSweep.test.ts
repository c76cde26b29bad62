/**
 * The deadline sweep's timekeeping, on mocked timers: alone on its database it runs when the next
 * deadline falls due (or when told of an earlier one) and otherwise only on its net; beside other
 * servers it keeps its fixed beat whatever it is told.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { DeadlineSweep } from './DeadlineSweep.ts';

const NET_MS = 60_000;
const EVERY_MS = 5_000;

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

/** Lets the runs that timers started finish (their promises settle). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((done) => queueMicrotask(done));
}

/** A sweep whose runs are counted and answer `deadlines` in turn (then none). */
function counted(alone: boolean, deadlines: (number | null)[] = []) {
  const runs: number[] = [];
  const sweep = new DeadlineSweep(
    async () => {
      runs.push(Date.now());
      const next = deadlines.shift() ?? null;
      return next === null ? null : new Date(next);
    },
    { alone, everyMs: EVERY_MS, netMs: NET_MS },
    (error) => assert.fail(String(error)),
  );
  return { sweep, runs };
}

async function advance(ms: number): Promise<void> {
  mock.timers.tick(ms);
  await settle();
}

test('alone, it runs at start, then when the deadline it found falls due, not before', async () => {
  const start = Date.now();
  const { sweep, runs } = counted(true, [start + 7_000]);
  await sweep.start();
  assert.equal(runs.length, 1);
  await advance(6_999);
  assert.equal(runs.length, 1);
  await advance(1);
  assert.deepEqual(runs, [start, start + 7_000]);
  await sweep.stop();
});

test('alone with nothing due, it runs only on its net, or by a deadline it is told of', async () => {
  const start = Date.now();
  const { sweep, runs } = counted(true);
  await sweep.start();
  await advance(NET_MS - 1);
  assert.equal(runs.length, 1);
  await advance(1);
  assert.equal(runs.length, 2);
  sweep.wake(new Date(Date.now() + 2_000));
  // A later deadline does not put off the earlier one.
  sweep.wake(new Date(Date.now() + 30_000));
  await advance(2_000);
  assert.deepEqual(runs, [start, start + NET_MS, start + NET_MS + 2_000]);
  await sweep.stop();
});

test('told of something during a run, it runs again right after', async () => {
  let release = () => {};
  let runs = 0;
  const sweep = new DeadlineSweep(
    async () => {
      runs += 1;
      if (runs === 2) await new Promise<void>((done) => (release = done));
      return null;
    },
    { alone: true, everyMs: EVERY_MS, netMs: NET_MS },
    (error) => assert.fail(String(error)),
  );
  await sweep.start();
  sweep.wake();
  await settle();
  assert.equal(runs, 2);
  sweep.wake();
  release();
  await settle();
  assert.equal(runs, 3);
  await sweep.stop();
});

test('beside other servers it keeps its beat: deadlines found or told change nothing', async () => {
  const start = Date.now();
  const { sweep, runs } = counted(false, [start + 1_000, start + 1_000]);
  await sweep.start();
  sweep.wake(new Date(start + 500));
  sweep.wake();
  await advance(EVERY_MS - 1);
  assert.equal(runs.length, 1);
  await advance(1);
  await advance(EVERY_MS);
  assert.deepEqual(runs, [start, start + EVERY_MS, start + 2 * EVERY_MS]);
  await sweep.stop();
});

test('a failed run is reported and the sweep keeps going; stopped, it runs no more', async () => {
  const errors: unknown[] = [];
  let runs = 0;
  const sweep = new DeadlineSweep(
    async () => {
      runs += 1;
      if (runs === 1) throw new Error('database away');
      return null;
    },
    { alone: true, everyMs: EVERY_MS, netMs: NET_MS },
    (error) => errors.push(error),
  );
  await sweep.start();
  assert.equal(errors.length, 1);
  await advance(NET_MS);
  assert.equal(runs, 2);
  await sweep.stop();
  sweep.wake();
  await advance(NET_MS * 2);
  assert.equal(runs, 2);
});
