import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../test/seededRandom.ts';
import { BookOrder } from './BookOrder.ts';
import { KeyTable } from './KeyTable.ts';

function orderOf(id: number): BookOrder {
  return new BookOrder({
    id,
    accountId: 1,
    side: 'buy',
    at: 0,
    type: 'limit',
    priceTicks: 1,
    lots: 1,
  });
}

describe('KeyTable', () => {
  it('holds what a Map would through adds, replacements, deletes and growth', () => {
    const table = new KeyTable<BookOrder>();
    const map = new Map<number, BookOrder>();
    const next = seededRandom(7);
    // Small ids collide in probe chains; ids past 2^32 and near 2^53 hash their high bits too.
    const pick = () => {
      const roll = next();
      if (roll < 0.6) return 1 + Math.floor(next() * 5_000);
      if (roll < 0.8) return 2 ** 32 + Math.floor(next() * 2_000) * 2 ** 20;
      return Number.MAX_SAFE_INTEGER - Math.floor(next() * 2_000);
    };
    for (let step = 0; step < 60_000; step++) {
      const id = pick();
      if (next() < 0.45) {
        table.delete(id);
        map.delete(id);
      } else {
        const order = orderOf(id);
        table.set(id, order);
        map.set(id, order);
      }
      assert.equal(table.size, map.size);
      const probe = pick();
      assert.equal(table.get(probe), map.get(probe) ?? null, `id ${probe} at step ${step}`);
    }
    for (const [id, order] of map) assert.equal(table.get(id), order);
    const seen: BookOrder[] = [];
    table.forEach((order) => {
      seen.push(order);
    });
    assert.equal(seen.length, map.size);
    assert.equal(table.get(0), null);
    table.delete(0);
    assert.equal(table.size, map.size);
  });
});
