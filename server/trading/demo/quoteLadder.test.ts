import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAIR_SYMBOLS, PAIRS } from '../../../core/markets/pairs.ts';
import { seededRandom } from '../../../test/seededRandom.ts';
import { LEVEL_VALUES, ladderSpacing, quoteLadder } from './quoteLadder.ts';
import { seedPrice } from './seedPrice.ts';
import { minuteVolatility } from './volatility.ts';

test('every pair gets a tight ladder of post-only quotes worth tens to thousands of USDT', () => {
  const random = seededRandom(7);
  for (const pair of PAIR_SYMBOLS) {
    const spec = PAIRS[pair];
    const reference = seedPrice(spec.base);
    const spacing = ladderSpacing(spec, reference, minuteVolatility(spec.base));
    const quotes = quoteLadder(spec, reference, spacing, random);
    const bids = quotes.filter((quote) => quote.side === 'buy').map((quote) => quote.priceTicks);
    const asks = quotes.filter((quote) => quote.side === 'sell').map((quote) => quote.priceTicks);
    assert.equal(bids.length, LEVEL_VALUES.length, pair);
    assert.equal(asks.length, LEVEL_VALUES.length, pair);
    // Best first, each level further out, bids below the reference and asks above it.
    assert.deepEqual(
      bids,
      [...bids].sort((a, b) => b - a),
    );
    assert.deepEqual(
      asks,
      [...asks].sort((a, b) => a - b),
    );
    assert.equal(new Set([...bids, ...asks]).size, quotes.length);
    const tick = Number(spec.tickSize);
    assert.ok((bids[0] ?? 0) * tick < reference && (asks[0] ?? 0) * tick > reference, pair);
    const spread = ((asks[0] ?? 0) - (bids[0] ?? 0)) * tick;
    assert.ok(spread / reference < 0.0015, `${pair} spread ${spread}`);
    for (const quote of quotes) {
      assert.equal(quote.postOnly, true);
      assert.equal(quote.timeInForce, 'GTC');
      assert.ok(quote.priceTicks * quote.lots >= spec.minNotional, pair);
      const value = quote.priceTicks * tick * quote.lots * Number(spec.lotSize);
      assert.ok(value >= 5 && value < 5_000, `${pair} ${value}`);
    }
  }
});

test('when the reference moves a level, the ladder keeps every price but one on each side', () => {
  const spec = PAIRS.BTC_USDT;
  const reference = seedPrice('BTC');
  const spacing = ladderSpacing(spec, reference, minuteVolatility('BTC'));
  const random = seededRandom(3);
  const prices = (centre: number) =>
    quoteLadder(spec, centre, spacing, random).map((quote) => `${quote.side}:${quote.priceTicks}`);
  const before = prices(reference);
  const after = prices(reference + spacing.step * Number(spec.tickSize));
  const kept = after.filter((price) => before.includes(price));
  assert.equal(kept.length, before.length - 2);
});
