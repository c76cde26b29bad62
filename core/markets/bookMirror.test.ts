import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BookMirror } from './bookMirror.ts';
import { PAIRS } from './pairs.ts';

const snapshot = {
  snapshot: true,
  sequence: 10,
  bids: [
    ['64999.5', '0.2'],
    ['65000', '0.1'],
    ['64990.01', '1'],
  ] as [string, string][],
  asks: [
    ['65001', '0.3'],
    ['65000.01', '0.05'],
  ] as [string, string][],
};

describe('BookMirror', () => {
  it('shows a snapshot best price first, with running totals', () => {
    const book = new BookMirror(PAIRS.BTC_USDT);
    assert.equal(book.apply(snapshot), 'applied');
    assert.deepEqual(book.levels('bids', 10), [
      { price: '65000', amount: '0.1', total: '0.1' },
      { price: '64999.5', amount: '0.2', total: '0.3' },
      { price: '64990.01', amount: '1', total: '1.3' },
    ]);
    assert.deepEqual(
      book.levels('asks', 1).map((l) => l.price),
      ['65000.01'],
    );
  });

  it('applies updates in sequence: a new amount replaces, "0" removes', () => {
    const book = new BookMirror(PAIRS.BTC_USDT);
    book.apply(snapshot);
    const update = {
      snapshot: false,
      sequence: 11,
      bids: [
        ['65000', '0'],
        ['64999.5', '0.25'],
      ] as [string, string][],
      asks: [],
    };
    assert.equal(book.apply(update), 'applied');
    assert.deepEqual(
      book.levels('bids', 10).map((l) => [l.price, l.amount]),
      [
        ['64999.5', '0.25'],
        ['64990.01', '1'],
      ],
    );
    // The same update again is stale and changes nothing.
    assert.equal(book.apply(update), 'stale');
    assert.equal(book.levels('bids', 10).length, 2);
  });

  it('a missed update empties the mirror until a fresh snapshot', () => {
    const book = new BookMirror(PAIRS.BTC_USDT);
    book.apply(snapshot);
    assert.equal(book.apply({ snapshot: false, sequence: 12, bids: [], asks: [] }), 'gap');
    assert.equal(book.synced, false);
    assert.deepEqual(book.levels('bids', 10), []);
    assert.equal(
      book.apply({ snapshot: false, sequence: 13, bids: [['1', '1']], asks: [] }),
      'stale',
    );
    assert.equal(book.apply({ ...snapshot, sequence: 13 }), 'applied');
    assert.equal(book.synced, true);
  });

  it('groups prices: bids round down and asks up to the step', () => {
    const book = new BookMirror(PAIRS.BTC_USDT);
    book.apply(snapshot);
    assert.deepEqual(book.levels('bids', 10, '10'), [
      { price: '65000', amount: '0.1', total: '0.1' },
      { price: '64990', amount: '1.2', total: '1.3' },
    ]);
    assert.deepEqual(book.levels('asks', 10, '1'), [
      { price: '65001', amount: '0.35', total: '0.35' },
    ]);
  });
});
