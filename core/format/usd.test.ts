import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatUsd, formatUsdtValue, formatUsdValue } from './usd.ts';

describe('formatUsd (the account balance)', () => {
  it('shows 4 fraction digits by default', () => {
    assert.equal(formatUsd(0.5), '$0.5000');
    assert.equal(formatUsd(1), '$1.0000');
    assert.equal(formatUsd(1234.5), '$1,234.5000');
    assert.equal(formatUsd(0), '$0.0000');
  });

  it('adapts: 4 digits below 1, 2 from 1 up', () => {
    assert.equal(formatUsd(0.5, { adaptive: true }), '$0.5000');
    assert.equal(formatUsd(0.99999, { adaptive: true }), '$1.0000');
    assert.equal(formatUsd(1, { adaptive: true }), '$1.00');
    assert.equal(formatUsd(1234.5, { adaptive: true }), '$1,234.50');
  });

  it('reads a decimal string exactly, where a float would round the wrong way', () => {
    // 1.00005 as a double is 1.0000499999999999...: the text rounds half up as written.
    assert.equal(formatUsd('1.00005'), '$1.0001');
    assert.equal(formatUsd('12345678901234567890.12345'), '$12,345,678,901,234,567,890.1235');
    assert.equal(formatUsd('2500', { adaptive: true }), '$2,500.00');
  });

  it('puts the sign before the symbol, and no sign on a value that rounds to zero', () => {
    assert.equal(formatUsd(-1234.5, { adaptive: true }), '-$1,234.50');
    assert.equal(formatUsd(-0.25), '-$0.2500');
    assert.equal(formatUsd(-0.00001), '$0.0000');
    assert.equal(formatUsd(-0), '$0.0000');
  });

  it('shows a number too large or small for plain digits in full', () => {
    assert.equal(formatUsd(1e21, { adaptive: true }), '$1,000,000,000,000,000,000,000.00');
    assert.equal(formatUsd(1e-7), '$0.0000');
  });
});

describe('formatUsdValue (any other USD value)', () => {
  it('shows 2 decimals, grouped, rounded half up', () => {
    assert.equal(formatUsdValue('0'), '$0.00');
    assert.equal(formatUsdValue('0.01'), '$0.01');
    assert.equal(formatUsdValue('1234.5678'), '$1,234.57');
    assert.equal(formatUsdValue('1.005'), '$1.01');
    assert.equal(formatUsdValue(2500), '$2,500.00');
  });

  it('says "< $0.01" for a positive value under a cent', () => {
    assert.equal(formatUsdValue('0.000012'), '< $0.01');
    assert.equal(formatUsdValue('0.009999999999999999'), '< $0.01');
    assert.equal(formatUsdValue('0.0100'), '$0.01');
  });

  it('keeps the sign of a negative value and shows huge values in full', () => {
    assert.equal(formatUsdValue('-12.5'), '-$12.50');
    assert.equal(formatUsdValue('99999999999999999999.999'), '$100,000,000,000,000,000,000.00');
  });

  it('shows text that is not a number as it is', () => {
    assert.equal(formatUsdValue('n/a'), 'n/a');
  });
});

describe('formatUsdtValue (a USDT value beside its ticker)', () => {
  it('follows the dollar rule without the symbol', () => {
    assert.equal(formatUsdtValue('1234567.891'), '1,234,567.89');
    assert.equal(formatUsdtValue('0'), '0.00');
    assert.equal(formatUsdtValue('0.004'), '< 0.01');
    assert.equal(formatUsdtValue('0.006'), '< 0.01');
    assert.equal(formatUsdtValue('-3'), '-3.00');
  });

  it('shows the dash when there is no value or it is not a number', () => {
    assert.equal(formatUsdtValue(null), '—');
    assert.equal(formatUsdtValue('abc'), '—');
  });
});
