import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ArgsFor, type ErrorCode, refusalOf } from '../../core/errors/index.ts';
import { toLots, toTicks } from '../../core/markets/units.ts';
import type { PairSymbol } from '../../core/protocol/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { DepthLevel } from '../trading/engine/index.ts';
import { type BookLevels, evaluate, plan } from './route.ts';

/** Books from [price, amount] levels, best first. */
function books(
  sides: Partial<Record<PairSymbol, { bids?: [string, string][]; asks?: [string, string][] }>>,
): BookLevels {
  return (pair, side) =>
    (sides[pair]?.[side] ?? []).map(
      ([price, amount]): DepthLevel => ({
        priceTicks: toTicks(pair, price),
        lots: toLots(pair, amount),
        orders: 1,
      }),
    );
}

/** Whether a thrown error is the refusal `code` makes with `args`: its code and its words. */
const refusal =
  <C extends ErrorCode>(code: C, ...args: ArgsFor<C>) =>
  (error: unknown) => {
    const expected = refusalOf(code, ...args);
    return (
      error instanceof DomainError &&
      error.code === expected.code &&
      error.message === expected.message
    );
  };

describe('swap route', () => {
  const full = books({
    BTC_USDT: { bids: [['60000', '1']] },
    ETH_USDT: {
      asks: [
        ['3000', '1'],
        ['3300', '1'],
      ],
    },
  });

  it('walks both books and counts the price impact against the best prices', () => {
    const quoted = plan('BTC', 'ETH', '0.1', full, '0');
    // 6,000 USDT: 1 ETH at 3,000, then 0.909 ETH at 3,300 (2,999.7), 0.3 USDT left.
    assert.deepEqual([quoted.received, quoted.remainder], ['1.909', '0.3']);
    // The average ETH price is 5,999.7 / 1.909 = 3,142.85…: 4.54 % worse than 3,000 (rounded up).
    assert.equal(quoted.priceImpact, '4.55');
    assert.deepEqual(
      quoted.legs.map((leg) => [leg.pair, leg.lots, leg.limitTicks]),
      [
        ['BTC_USDT', 10000, 6000000],
        ['ETH_USDT', 19090, 330000],
      ],
    );
  });

  it('re-prices fixed legs: a book that moved against them gives less, or cannot fill', () => {
    const quoted = plan('BTC', 'ETH', '0.1', full, '0');
    const worse = books({
      BTC_USDT: { bids: [['59990', '1']] },
      ETH_USDT: { asks: [['3300', '5']] },
    });
    // The BTC bid is below the first leg's limit (60,000): it cannot fill.
    assert.equal(evaluate(quoted.legs, 'BTC', '0.1', worse, '0'), null);
    const dearer = books({
      BTC_USDT: { bids: [['60000', '1']] },
      ETH_USDT: { asks: [['3300', '5']] },
    });
    // 1.909 ETH at 3,300 costs 6,299.7: more than the 6,000 the first leg brings.
    assert.equal(evaluate(quoted.legs, 'BTC', '0.1', dearer, '0'), null);
  });

  it('refuses an empty book, a swap larger than the book, and one below the minimum', () => {
    assert.throws(() => plan('BTC', 'USDT', '0.1', books({}), '0'), refusal('swap.noLiquidity'));
    assert.throws(
      () => plan('BTC', 'USDT', '2', full, '0'),
      refusal('swap.tooLargeToSell', { most: '1 BTC' }),
    );
    assert.throws(
      () => plan('USDT', 'ETH', '10000', full, '0'),
      refusal('swap.tooLargeToBuy', { most: '2 ETH' }),
    );
    assert.throws(
      () => plan('USDT', 'ETH', '1', full, '0'),
      refusal('swap.belowMinimum', { minValue: '5' }),
    );
    assert.throws(() => plan('ETH', 'ETH', '1', full, '0'), refusal('swap.sameCurrency'));
  });
});
