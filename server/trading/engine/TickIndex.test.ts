import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../test/seededRandom.ts';
import { TICK_INDEX_MAX, TickIndex } from './TickIndex.ts';

/** The nearest price in `prices` above (or below) `price` by looking at every one, or -1. */
function nearest(prices: Set<number>, price: number, up: boolean): number {
  let found = -1;
  for (const p of prices) {
    if (up ? p > price && (found < 0 || p < found) : p < price && (found < 0 || p > found)) {
      found = p;
    }
  }
  return found;
}

describe('TickIndex', () => {
  it('finds the nearest price with a level either way, across words, chunks and groups', () => {
    const max = 3_000_000;
    const index = new TickIndex(max);
    const prices = new Set<number>();
    const next = seededRandom(29);
    // Clusters (levels a tick apart) and lone levels far apart, the edges of the range included.
    const pick = () => {
      const roll = next();
      if (roll < 0.05) return roll < 0.025 ? 0 : max;
      if (roll < 0.6) return 1_500_000 + Math.floor(next() * 3_000);
      return Math.floor(next() * (max + 1));
    };
    for (let step = 0; step < 20_000; step++) {
      const price = pick();
      if (prices.has(price)) {
        index.remove(price);
        prices.delete(price);
      } else {
        index.add(price);
        prices.add(price);
      }
      const probe = pick();
      assert.equal(index.above(probe), nearest(prices, probe, true), `above ${probe}`);
      assert.equal(index.below(probe), nearest(prices, probe, false), `below ${probe}`);
    }
  });

  it('is empty again once every level left, and refuses a range it cannot cover', () => {
    const index = new TickIndex(100_000);
    for (const price of [5, 70_000, 99_999]) index.add(price);
    for (const price of [5, 70_000, 99_999]) index.remove(price);
    assert.equal(index.above(0), -1);
    assert.equal(index.below(100_000), -1);
    assert.throws(() => new TickIndex(TICK_INDEX_MAX + 1), RangeError);
  });
});
