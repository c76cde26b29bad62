import { expect } from 'chai';
import { priceAxisWidth } from './candleChart.ts';

describe('candle chart price axis', () => {
  it('is wide enough from the start for prices of one digit more than the highest', () => {
    const btc = priceAxisWidth(97_250.5, 2);
    const eth = priceAxisWidth(3_412.25, 2);
    expect(btc).to.be.greaterThan(eth);
    expect(priceAxisWidth(97_250.5, 4)).to.be.greaterThan(btc);
    // The library makes its axis width even; an odd width would be changed at the first drawing.
    expect(btc % 2).to.equal(0);
  });

  it('is never narrower than the chart’s usual axis, even with no candles yet', () => {
    expect(priceAxisWidth(0, 2)).to.equal(72);
    expect(priceAxisWidth(1.5, 4)).to.equal(72);
  });
});
