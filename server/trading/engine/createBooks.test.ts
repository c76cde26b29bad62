import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAIR_SYMBOLS, PAIRS } from '../../../core/markets/pairs.ts';
import { toLots, toTicks } from '../../../core/markets/units.ts';
import { createBooks } from './createBooks.ts';

describe('createBooks', () => {
  it('opens one book per pair, each with its pair’s bounds', () => {
    const books = createBooks();
    assert.deepEqual([...books.keys()], PAIR_SYMBOLS);
    const btc = books.get('BTC_USDT');
    assert.ok(btc);
    const order = {
      id: 1,
      accountId: 1,
      at: 0,
      type: 'limit',
      side: 'buy',
      priceTicks: toTicks('BTC_USDT', '65000.01'),
      lots: toLots('BTC_USDT', '0.5'),
    } as const;
    assert.equal(btc.place(order).order.status, 'new');
    const tooHigh = { ...order, id: 2, priceTicks: PAIRS.BTC_USDT.maxPriceTicks + 1 };
    assert.equal(btc.place(tooHigh).order.reason, 'invalidPrice');
    // 5 USDT is the minimum: 0.00007 BTC at 65,000.01 is 4.55 USDT.
    const small = { ...order, id: 3, lots: toLots('BTC_USDT', '0.00007') };
    assert.equal(btc.place(small).order.reason, 'belowMinValue');
  });
});
