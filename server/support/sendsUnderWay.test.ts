import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SendsUnderWay } from './sendsUnderWay.ts';

test('a send is keyed by sender, place, addressee and id; a frame without an id has no key', () => {
  assert.equal(SendsUnderWay.key(7, 'dialog', { id: 'a' }), '7/dialog//a');
  assert.equal(SendsUnderWay.key(7, 'trade 3', { id: 'a', userId: 9 }), '7/trade 3/9/a');
  assert.equal(SendsUnderWay.key(7, 'dialog', { text: 'no id' }), null);
  assert.equal(SendsUnderWay.key(7, 'dialog', { id: 5 }), null);
});

test('a send is under way until it settles, and the newest of one key is the one kept', async () => {
  const underWay = new SendsUnderWay();
  let finishFirst = () => {};
  const first = new Promise<void>((resolve) => {
    finishFirst = resolve;
  });
  underWay.track('k', first);
  assert.equal(underWay.earlier('k'), first);
  assert.equal(underWay.earlier('other'), undefined);
  let finishSecond = () => {};
  const second = new Promise<void>((resolve) => {
    finishSecond = resolve;
  });
  underWay.track('k', second);
  finishFirst();
  await first;
  await Promise.resolve();
  assert.equal(underWay.earlier('k'), second, 'the first settling leaves the newer in place');
  finishSecond();
  await second;
  await Promise.resolve();
  assert.equal(underWay.earlier('k'), undefined);
});
