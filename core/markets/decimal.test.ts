import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDecimals, formatDecimal, normalise, parseDecimal, rescale } from './decimal.ts';

describe('parseDecimal', () => {
  it('reads plain decimals exactly, as units at their written decimals', () => {
    assert.deepEqual(parseDecimal('65000.01'), { units: 6_500_001n, decimals: 2 });
    assert.deepEqual(parseDecimal('0.000000000000000001'), { units: 1n, decimals: 18 });
    assert.deepEqual(parseDecimal('99999999999999999999'), {
      units: 99_999_999_999_999_999_999n,
      decimals: 0,
    });
  });

  it('names what is wrong: the shape or the length', () => {
    assert.equal(parseDecimal('1.2.3'), 'format');
    assert.equal(parseDecimal('1e5'), 'format');
    assert.equal(parseDecimal('100000000000000000000'), 'digits');
    assert.equal(parseDecimal('1.0000000000000000001'), 'digits');
  });
});

describe('formatDecimal, normalise and rescale', () => {
  it('write without trailing zeros, keeping leading ones', () => {
    assert.equal(formatDecimal(6_500_010n, 2), '65000.1');
    assert.equal(formatDecimal(5n, 5), '0.00005');
    assert.equal(formatDecimal(0n, 7), '0');
    assert.equal(formatDecimal(-150n, 2), '-1.5');
  });

  it('drop and add decimals without changing the value', () => {
    assert.deepEqual(normalise({ units: 1_000n, decimals: 4 }), { units: 1n, decimals: 1 });
    assert.deepEqual(normalise({ units: 0n, decimals: 3 }), { units: 0n, decimals: 0 });
    assert.equal(rescale({ units: 15n, decimals: 1 }, 3), 1_500n);
    assert.throws(() => rescale({ units: 15n, decimals: 1 }, 0), RangeError);
  });
});

describe('addDecimals', () => {
  it('adds exactly at the finer of the two scales, trailing zeros dropped', () => {
    assert.equal(addDecimals('0.1', '0.2'), '0.3');
    assert.equal(addDecimals('0', '0.000200000000000000'), '0.0002');
    assert.equal(
      addDecimals('99999999999999999999.999999999999999999', '0.000000000000000001'),
      '100000000000000000000',
    );
    assert.throws(() => addDecimals('1e3', '1'), RangeError);
  });
});
