import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPairSymbol, PAIR_SYMBOLS, PAIRS, priceDecimals } from './pairs.ts';

describe('pairs', () => {
  it('lists the eight USDT pairs in asset order', () => {
    assert.deepEqual(PAIR_SYMBOLS, [
      'BTC_USDT',
      'ETH_USDT',
      'BNB_USDT',
      'XRP_USDT',
      'DOGE_USDT',
      'SOL_USDT',
      'LTC_USDT',
      'TRX_USDT',
    ]);
    assert.ok(isPairSymbol('DOGE_USDT'));
    assert.ok(!isPairSymbol('DOGE_BTC'));
    assert.ok(!isPairSymbol('toString'));
  });

  it('derives integer scales from the steps', () => {
    const btc = PAIRS.BTC_USDT;
    assert.equal(btc.priceDecimals, 2);
    assert.equal(btc.amountDecimals, 5);
    assert.equal(btc.valueDecimals, 7);
    assert.equal(btc.tickUnits, 1n);
    assert.equal(btc.maxPriceTicks, 100_000_000);
    assert.equal(btc.maxLots, 9_000_000);
    // 5 USDT in units of 0.01 × 0.00001 USDT.
    assert.equal(btc.minNotional, 50_000_000);
    const doge = PAIRS.DOGE_USDT;
    assert.equal(doge.amountDecimals, 0);
    assert.equal(doge.minNotional, 500_000);
  });

  it('keeps every order’s notional far below 2^53', () => {
    for (const symbol of PAIR_SYMBOLS) {
      const spec = PAIRS[symbol];
      assert.equal(spec.maxNotional, spec.maxPriceTicks * spec.maxLots);
      assert.ok(spec.maxNotional * 8 < Number.MAX_SAFE_INTEGER, symbol);
      assert.ok(spec.minNotional > 0 && spec.minNotional < spec.maxNotional, symbol);
    }
  });

  it('reads each pair’s price decimals from its tick size as the derived spec has them', () => {
    for (const symbol of PAIR_SYMBOLS) {
      assert.equal(priceDecimals(symbol), PAIRS[symbol].priceDecimals, symbol);
    }
    assert.equal(priceDecimals('DOGE_USDT'), 5);
    assert.equal(priceDecimals('XRP_USDT'), 4);
  });
});
