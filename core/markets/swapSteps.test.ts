import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { roundDownToSwapStep, swapStep } from './swapSteps.ts';

describe('swap steps', () => {
  it('are the lot size of an asset and a cent of USDT', () => {
    assert.equal(swapStep('BTC'), '0.00001');
    assert.equal(swapStep('DOGE'), '1');
    assert.equal(swapStep('USDT'), '0.01');
  });

  it('round a balance down to what can be swapped', () => {
    assert.equal(roundDownToSwapStep('BTC', '1.123456789'), '1.12345');
    assert.equal(roundDownToSwapStep('DOGE', '1200.9'), '1200');
    assert.equal(roundDownToSwapStep('USDT', '99.999'), '99.99');
    assert.equal(roundDownToSwapStep('ETH', '2.50000'), '2.5');
    assert.equal(roundDownToSwapStep('USDT', '0.001'), '0');
  });
});
