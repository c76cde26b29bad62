import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdFor } from './holdFor.ts';

const base = { id: 1, accountId: 1, at: 0 };

describe('holdFor', () => {
  it('holds a sell’s lots of the base, whatever its type', () => {
    assert.deepEqual(holdFor({ ...base, side: 'sell', type: 'limit', priceTicks: 5, lots: 3 }), {
      asset: 'base',
      amount: 3,
    });
    assert.deepEqual(holdFor({ ...base, side: 'sell', type: 'market', lots: 7 }), {
      asset: 'base',
      amount: 7,
    });
  });

  it('holds a limit or stop-limit buy’s price × lots of the quote', () => {
    const request = { ...base, side: 'buy', priceTicks: 6_500_000, lots: 20 } as const;
    assert.deepEqual(holdFor({ ...request, type: 'limit' }), {
      asset: 'quote',
      amount: 130_000_000,
    });
    assert.deepEqual(holdFor({ ...request, type: 'stopLimit', stopTicks: 6_400_000 }), {
      asset: 'quote',
      amount: 130_000_000,
    });
  });

  it('holds a market buy’s total, and cannot bound one by lots alone', () => {
    assert.deepEqual(holdFor({ ...base, side: 'buy', type: 'market', total: 900, lots: 2 }), {
      asset: 'quote',
      amount: 900,
    });
    assert.equal(holdFor({ ...base, side: 'buy', type: 'market', lots: 2 }), null);
    assert.equal(
      holdFor({ ...base, side: 'buy', type: 'stopMarket', stopTicks: 9, lots: 2 }),
      null,
    );
  });
});
