import assert from 'node:assert/strict';
import { test } from 'node:test';
import { feeOf } from './fees.ts';

test('a fee is the exact product, rounded down at the 18th decimal', () => {
  assert.equal(feeOf('1500', '0.001'), '1.5');
  assert.equal(feeOf('0.000000000000000003', '0.5'), '0.000000000000000001');
  assert.equal(feeOf('12.5', '0'), '0');
});
