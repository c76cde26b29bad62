import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../test/seededRandom.ts';
import { PriceLevel } from './BookOrder.ts';
import { TICK_INDEX_MAX, TickIndex } from './TickIndex.ts';

function levelAt(price: number): PriceLevel {
  const level = new PriceLevel();
  level.price = price;
  return level;
}

/** The nearest price in `prices` above (or below) `price`, by looking at every one. */
function nearest(prices: Set<number>, price: number, up: boolean): number | null {
  let found: number | null = null;
  for (const p of prices) {
    if (
      up ? p > price && (found === null || p < found) : p < price && (found === null || p > found)
    ) {
      found = p;
    }
  }
  return found;
}

describe('TickIndex', () => {
  it('finds a level by price and the nearest level either way, across words, chunks and groups', () => {
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
        assert.equal(index.get(price)?.price, price);
        index.remove(price);
        prices.delete(price);
      } else {
        index.add(levelAt(price));
        prices.add(price);
      }
      assert.equal(index.get(price)?.price ?? null, prices.has(price) ? price : null);
      const probe = pick();
      assert.equal(
        index.above(probe)?.price ?? null,
        nearest(prices, probe, true),
        `above ${probe}`,
      );
      assert.equal(
        index.below(probe)?.price ?? null,
        nearest(prices, probe, false),
        `below ${probe}`,
      );
    }
  });

  it('is empty again once every level left, and refuses a range it cannot cover', () => {
    const index = new TickIndex(100_000);
    for (const price of [5, 70_000, 99_999]) index.add(levelAt(price));
    for (const price of [5, 70_000, 99_999]) index.remove(price);
    assert.equal(index.above(0), null);
    assert.equal(index.below(100_000), null);
    assert.throws(() => new TickIndex(TICK_INDEX_MAX + 1), RangeError);
  });
});
