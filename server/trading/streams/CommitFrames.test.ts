import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommitFrames } from './CommitFrames.ts';
import type { Subscriber } from './Subscriber.ts';

const subscriber = (): Subscriber => ({ userId: null, sendFrame: () => {} });

test('subscribers that get the same messages share one frame; several messages make an array in order', () => {
  const [a, b, c] = [subscriber(), subscriber(), subscriber()];
  const frames = new CommitFrames();
  frames.add('{"m":1}', [a, b, c]);
  frames.add('{"m":2}', [a, b]);
  frames.add('{"m":3}', [c]);
  const made = frames.frames();
  assert.equal(made.length, 2);
  const text = (s: Subscriber) => made.find((f) => f.subscribers.includes(s))?.frame.toString();
  assert.equal(text(a), '[{"m":1},{"m":2}]');
  assert.equal(text(c), '[{"m":1},{"m":3}]');
  assert.deepEqual(made.find((f) => f.subscribers.includes(a))?.subscribers, [a, b]);
});

test('a subscriber with one message gets it alone, not in an array; one with none gets no frame', () => {
  const [a, b, idle] = [subscriber(), subscriber(), subscriber()];
  const frames = new CommitFrames();
  frames.add('{"m":1}', [a]);
  frames.add('{"m":2}', [b]);
  const made = frames.frames();
  assert.deepEqual(
    made.map((f) => [f.frame.toString(), f.subscribers]),
    [
      ['{"m":1}', [a]],
      ['{"m":2}', [b]],
    ],
  );
  assert.ok(made.every((f) => !f.subscribers.includes(idle)));
});

test('a frame is the UTF-8 of its text', () => {
  const a = subscriber();
  const frames = new CommitFrames();
  frames.add('{"name":"Ünïcode ₿"}', [a]);
  const [only] = frames.frames();
  assert.equal(only?.frame.toString('utf8'), '{"name":"Ünïcode ₿"}');
  assert.equal(only?.frame.length, Buffer.byteLength('{"name":"Ünïcode ₿"}'));
});
