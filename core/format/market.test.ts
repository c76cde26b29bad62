import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatChange, formatPairAmount, formatPrice, trendOf } from './market.ts';

describe('formatPrice', () => {
  it("writes a price at the pair's tick, grouped", () => {
    assert.equal(formatPrice('BTC_USDT', '97250'), '97,250.00');
    assert.equal(formatPrice('BTC_USDT', '97250.5'), '97,250.50');
    assert.equal(formatPrice('DOGE_USDT', '0.1'), '0.10000');
    assert.equal(formatPrice('XRP_USDT', '0.5'), '0.5000');
  });

  it('rounds a price finer than the tick half up', () => {
    assert.equal(formatPrice('BTC_USDT', '0.005'), '0.01');
    assert.equal(formatPrice('BTC_USDT', '0.004'), '0.00');
  });

  it('shows the dash for no price or a malformed one', () => {
    assert.equal(formatPrice('BTC_USDT', null), '—');
    assert.equal(formatPrice('BTC_USDT', 'x'), '—');
  });
});

describe('formatPairAmount', () => {
  it("writes an amount at the lot's decimals without trailing zeros", () => {
    assert.equal(formatPairAmount('BTC_USDT', '0.01250'), '0.0125');
    assert.equal(formatPairAmount('BTC_USDT', '1234.5'), '1,234.5');
    assert.equal(formatPairAmount('BTC_USDT', '0.000009'), '0');
    assert.equal(formatPairAmount('DOGE_USDT', '1500'), '1,500');
    assert.equal(formatPairAmount('BTC_USDT', null), '—');
  });
});

describe('formatChange and trendOf', () => {
  it('signs a change so it reads without colour', () => {
    assert.equal(formatChange('1.25'), '+1.25%');
    assert.equal(formatChange('-0.4'), '-0.40%');
    assert.equal(formatChange('0'), '0.00%');
    assert.equal(formatChange('-0.001'), '0.00%');
    assert.equal(formatChange(null), '—');
  });

  it('tells the direction exactly', () => {
    assert.equal(trendOf('0.000000001'), 'up');
    assert.equal(trendOf('-2'), 'down');
    assert.equal(trendOf('0.00'), 'flat');
    assert.equal(trendOf(null), 'flat');
  });
});
