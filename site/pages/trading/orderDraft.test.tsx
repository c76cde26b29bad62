import { expect } from 'chai';
import {
  amountForTotal,
  checkDraft,
  emptyDraft,
  type OrderDraft,
  previewFee,
  shareOfBalance,
} from './orderDraft.ts';

const FUNDED = { base: '0.3', quote: '2500' };

function draft(change: Partial<OrderDraft>): OrderDraft {
  return { ...emptyDraft(), ...change };
}

describe('order draft: share of balance', () => {
  it('sells an exact share of the base, rounded down to the lot', () => {
    const sell = draft({ side: 'sell' });
    // 25 % of 0.3 is 0.075 exactly (a float gives 0.075 only by luck; 0.1 + 0.2 does not).
    expect(shareOfBalance('BTC_USDT', sell, FUNDED, 25)).to.deep.equal({
      field: 'amount',
      value: '0.075',
    });
    expect(
      shareOfBalance('BTC_USDT', sell, { base: '0.123456789', quote: null }, 75),
    ).to.deep.equal({ field: 'amount', value: '0.09259' });
    expect(shareOfBalance('BTC_USDT', sell, FUNDED, 100)).to.deep.equal({
      field: 'amount',
      value: '0.3',
    });
    // DOGE trades in whole coins: 50 % of 3 DOGE is 1, not 1.5.
    expect(shareOfBalance('DOGE_USDT', sell, { base: '3', quote: '0' }, 50)).to.deep.equal({
      field: 'amount',
      value: '1',
    });
  });

  it('buys at the limit price what a share of USDT pays for, rounded down to the lot', () => {
    const buy = draft({ price: '97000.5' });
    // 2500 / 97000.5 = 0.025772... → 0.02577 BTC (lot 0.00001); it never spends more than 2500.
    expect(shareOfBalance('BTC_USDT', buy, FUNDED, 100)).to.deep.equal({
      field: 'amount',
      value: '0.02577',
    });
    expect(shareOfBalance('BTC_USDT', buy, FUNDED, 50)).to.deep.equal({
      field: 'amount',
      value: '0.01288',
    });
    expect(shareOfBalance('BTC_USDT', draft({ price: '' }), FUNDED, 50)).to.deep.equal({
      field: 'form',
      message: 'Enter a price first: the amount depends on it.',
    });
  });

  it('gives a market buy a total to spend, at the total step', () => {
    expect(
      shareOfBalance(
        'BTC_USDT',
        draft({ type: 'market' }),
        { base: '0', quote: '10.3333333333' },
        75,
      ),
    ).to.deep.equal({ field: 'total', value: '7.7499999' });
  });

  it('says so while the balance is unknown', () => {
    const result = shareOfBalance('BTC_USDT', draft({}), { base: null, quote: null }, 25);
    expect(result).to.deep.equal({ field: 'form', message: 'Your USDT balance is not known yet.' });
  });
});

describe('order draft: checks', () => {
  it('accepts a limit buy and sends decimal strings', () => {
    const result = checkDraft('BTC_USDT', draft({ price: '65000.5', amount: '0.01' }), FUNDED);
    expect(result).to.deep.equal({
      ok: true,
      params: { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '65000.5', amount: '0.01' },
    });
  });

  it('names an off-tick price, an off-lot amount and a missing stop price', () => {
    const result = checkDraft(
      'BTC_USDT',
      draft({ type: 'stopLimit', price: '65000.005', amount: '0.000001' }),
      FUNDED,
    );
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.errors.price).to.equal('Price must be a multiple of the tick size 0.01.');
    expect(result.errors.amount).to.equal(
      'Amount has more decimals than the lot size 0.00001 allows.',
    );
    expect(result.errors.stopPrice).to.equal(
      'Stop price must be a decimal string such as "64000".',
    );
  });

  it('refuses an order below the minimum value', () => {
    const result = checkDraft('BTC_USDT', draft({ price: '100', amount: '0.01' }), FUNDED);
    expect(result).to.deep.equal({
      ok: false,
      errors: { amount: 'Order value must be at least 5 USDT.' },
    });
  });

  it('refuses more than the available balance, exactly at the edge', () => {
    // 0.02577 × 97000.5 = 2499.7028... fits; 0.02578 × 97000.5 = 2500.67... does not.
    expect(
      checkDraft('BTC_USDT', draft({ price: '97000.5', amount: '0.02577' }), FUNDED).ok,
    ).to.equal(true);
    expect(
      checkDraft('BTC_USDT', draft({ price: '97000.5', amount: '0.02578' }), FUNDED),
    ).to.deep.equal({
      ok: false,
      errors: { amount: 'Insufficient balance: you have 2500 USDT available.' },
    });
    expect(
      checkDraft('BTC_USDT', draft({ side: 'sell', price: '97000', amount: '0.30001' }), FUNDED),
    ).to.deep.equal({
      ok: false,
      errors: { amount: 'Insufficient balance: you have 0.3 BTC available.' },
    });
  });

  it('turns a limit total into the amount it buys, and a market buy total into a total', () => {
    expect(amountForTotal('BTC_USDT', '100', '65000')).to.equal('0.00153');
    expect(
      checkDraft('BTC_USDT', draft({ price: '65000', total: '100', by: 'total' }), FUNDED),
    ).to.deep.equal({
      ok: true,
      params: { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '65000', amount: '0.00153' },
    });
    expect(
      checkDraft('BTC_USDT', draft({ type: 'market', total: '100', by: 'total' }), FUNDED),
    ).to.deep.equal({
      ok: true,
      params: { pair: 'BTC_USDT', side: 'buy', type: 'market', total: '100' },
    });
    expect(
      checkDraft('BTC_USDT', draft({ type: 'market', total: '2500.01', by: 'total' }), FUNDED),
    ).to.deep.equal({
      ok: false,
      errors: { total: 'Insufficient balance: you have 2500 USDT available.' },
    });
  });

  it('sells at market by amount even when the size mode says total', () => {
    const result = checkDraft(
      'BTC_USDT',
      draft({ side: 'sell', type: 'market', amount: '0.1', total: '5', by: 'total' }),
      FUNDED,
    );
    expect(result).to.deep.equal({
      ok: true,
      params: { pair: 'BTC_USDT', side: 'sell', type: 'market', amount: '0.1' },
    });
  });
});

describe('order draft: fee preview', () => {
  const rates = { maker: '0.001', taker: '0.002' };

  it('charges a buy in the base it receives, at the higher rate it may pay', () => {
    expect(previewFee('BTC_USDT', draft({ price: '65000', amount: '0.01' }), rates)).to.deep.equal({
      percent: '0.2',
      role: 'maker or taker',
      amount: '0.00002',
      ticker: 'BTC',
    });
  });

  it('charges a sell in USDT on price × amount', () => {
    expect(
      previewFee('BTC_USDT', draft({ side: 'sell', price: '65000.01', amount: '0.01' }), rates),
    ).to.deep.equal({
      percent: '0.2',
      role: 'maker or taker',
      amount: '1.3000002',
      ticker: 'USDT',
    });
  });

  it('gives only the taker rate where the amount received is not known', () => {
    expect(
      previewFee('BTC_USDT', draft({ type: 'market', by: 'total', total: '100' }), rates),
    ).to.deep.equal({ percent: '0.2', role: 'taker', amount: null, ticker: 'BTC' });
  });
});
