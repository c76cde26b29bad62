import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seededRandom } from '../../../test/seededRandom.ts';
import { ReferencePrice } from './ReferencePrice.ts';
import { minuteVolatility } from './volatility.ts';

/** The standard deviation of a day of one-minute log returns, and how far the price got. */
function oneDay(anchor: number, volatility: number, seed: number) {
  const random = seededRandom(seed);
  const price = new ReferencePrice(anchor, volatility, anchor, 0);
  const returns: number[] = [];
  let last = anchor;
  let furthest = 0;
  for (let minute = 1; minute <= 24 * 60; minute++) {
    const next = price.advance(minute * 60_000, random);
    returns.push(Math.log(next / last));
    furthest = Math.max(furthest, Math.abs(Math.log(next / anchor)));
    last = next;
  }
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return { minuteMove: Math.sqrt(variance), furthest };
}

test("one-minute moves have the asset's volatility: BTC calmer than DOGE", () => {
  const btc = oneDay(97_250, minuteVolatility('BTC'), 1);
  const doge = oneDay(0.3215, minuteVolatility('DOGE'), 1);
  for (const [day, volatility] of [
    [btc, minuteVolatility('BTC')],
    [doge, minuteVolatility('DOGE')],
  ] as const) {
    assert.ok(
      Math.abs(day.minuteMove / volatility - 1) < 0.1,
      `${day.minuteMove} vs ${volatility}`,
    );
  }
  assert.ok(btc.minuteMove < doge.minuteMove);
  // About 0.07 % a minute for BTC, as on a real one-minute chart.
  assert.ok(btc.minuteMove > 0.0004 && btc.minuteMove < 0.001, String(btc.minuteMove));
});

test('the price wanders but is pulled back to its anchor', () => {
  for (let seed = 1; seed <= 5; seed++) {
    const { furthest } = oneDay(100, minuteVolatility('DOGE'), seed);
    assert.ok(furthest > 0.001 && furthest < 0.1, `seed ${seed}: ${furthest}`);
  }
  // A start far off (one odd trade) is brought near the anchor at once.
  const price = new ReferencePrice(100, minuteVolatility('BTC'), 1_000, 0);
  assert.ok(price.price > 95 && price.price < 105, String(price.price));
});
