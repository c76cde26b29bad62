import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FanOut } from './FanOut.ts';
import type { Subscriber } from './Subscriber.ts';

/** A subscriber that writes what it receives into a shared log. */
function recorder(name: string, log: string[]): Subscriber {
  return { userId: null, sendFrame: (frame) => log.push(`${name}:${frame.toString()}`) };
}

/** Waits until the fan-out has had `turns` turns of the event loop. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await nextTurn();
}

test('every subscriber gets the frames in the order they were handed over, across batches', async () => {
  const log: string[] = [];
  const subscribers = ['a', 'b', 'c', 'd', 'e'].map((name) => recorder(name, log));
  const fanOut = new FanOut(2);
  for (const n of [1, 2, 3]) fanOut.send(Buffer.from(String(n)), [...subscribers]);
  await turns(10);
  assert.equal(log.length, 15);
  for (const name of ['a', 'b', 'c', 'd', 'e']) {
    assert.deepEqual(
      log.filter((entry) => entry.startsWith(`${name}:`)),
      [`${name}:1`, `${name}:2`, `${name}:3`],
    );
  }
});

test('an idle fan-out sends the first batch at once and lets other work run between batches', async () => {
  const log: string[] = [];
  const fanOut = new FanOut(2);
  fanOut.send(
    Buffer.from('f'),
    ['a', 'b', 'c', 'd', 'e'].map((name) => recorder(name, log)),
  );
  assert.deepEqual(log, ['a:f', 'b:f']);
  setImmediate(() => log.push('other work'));
  await turns(5);
  assert.deepEqual(log, ['a:f', 'b:f', 'c:f', 'd:f', 'other work', 'e:f']);
});

test('a frame handed over while others wait goes after them, to a late subscriber too', async () => {
  const log: string[] = [];
  const early = ['a', 'b', 'c'].map((name) => recorder(name, log));
  const fanOut = new FanOut(1);
  fanOut.send(Buffer.from('update 1'), [...early]);
  // A snapshot for a subscriber that was already there, then the next update for everyone.
  fanOut.send(Buffer.from('snapshot'), [early[2] as Subscriber]);
  fanOut.send(Buffer.from('update 2'), [...early]);
  await turns(10);
  assert.deepEqual(
    log.filter((entry) => entry.startsWith('c:')),
    ['c:update 1', 'c:snapshot', 'c:update 2'],
  );
});

test('a subscriber whose send throws does not keep the frame from the others', async () => {
  const log: string[] = [];
  const broken: Subscriber = {
    userId: null,
    sendFrame: () => {
      throw new Error('socket gone');
    },
  };
  const fanOut = new FanOut(10);
  const logged = console.error;
  console.error = () => {};
  try {
    fanOut.send(Buffer.from('f'), [recorder('a', log), broken, recorder('b', log)]);
  } finally {
    console.error = logged;
  }
  fanOut.send(Buffer.from('g'), [recorder('a', log)]);
  await turns(2);
  assert.deepEqual(log, ['a:f', 'b:f', 'a:g']);
});

test('closing drops the frames not yet sent', async () => {
  const log: string[] = [];
  const fanOut = new FanOut(1);
  fanOut.send(Buffer.from('f'), [recorder('a', log), recorder('b', log)]);
  fanOut.close();
  await turns(3);
  assert.deepEqual(log, ['a:f']);
});

test('once the last frame is out it asks for more, and what it is given goes from the next turn', async () => {
  const log: string[] = [];
  const subscribers = ['a', 'b', 'c'].map((name) => recorder(name, log));
  const held = ['held 1', 'held 2'];
  const fanOut: FanOut = new FanOut(2, () => {
    // What came while it was busy, handed over as one frame.
    const frame = held.splice(0).join(',');
    if (frame !== '') fanOut.send(Buffer.from(frame), [...subscribers]);
    log.push('idle');
  });
  fanOut.send(Buffer.from('f'), [...subscribers]);
  assert.ok(fanOut.busy, 'one subscriber still waits for the frame');
  assert.deepEqual(log, ['a:f', 'b:f']);
  await turns(1);
  assert.deepEqual(log, ['a:f', 'b:f', 'c:f', 'idle']);
  await turns(3);
  assert.deepEqual(log.slice(4), ['a:held 1,held 2', 'b:held 1,held 2', 'c:held 1,held 2', 'idle']);
  assert.equal(fanOut.busy, false);
});
