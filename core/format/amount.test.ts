import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatAmount } from './amount.ts';

describe('formatAmount', () => {
  it('groups thousands and drops trailing zeros', () => {
    assert.equal(formatAmount('1234567.8900'), '1,234,567.89');
    assert.equal(formatAmount('0.000000000000000001'), '0.000000000000000001');
    assert.equal(formatAmount('12'), '12');
    assert.equal(formatAmount('0'), '0');
    assert.equal(formatAmount('0.000'), '0');
    assert.equal(formatAmount('-1000.5'), '-1,000.5');
  });

  it('cuts to the asset precision, never rounding up', () => {
    assert.equal(formatAmount('0.123456789', 8), '0.12345678');
    assert.equal(formatAmount('1.99999', 2), '1.99');
    assert.equal(formatAmount('5.0001', 2), '5');
    assert.equal(formatAmount('-0.001', 2), '0');
  });

  it('keeps every digit of a huge or very precise value', () => {
    assert.equal(
      formatAmount('123456789012345678901234567890.123456789012345678'),
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
    assert.equal(formatAmount('0.1234567890123456789012', 20), '0.1234567890123456789');
  });

  it('takes a number through its shortest text', () => {
    assert.equal(formatAmount(0.1 + 0.2, 8), '0.3');
    assert.equal(formatAmount(1234.5), '1,234.5');
  });

  it('shows text that is not a decimal as it is', () => {
    assert.equal(formatAmount('abc'), 'abc');
    assert.equal(formatAmount('1e5'), '1e5');
  });
});
