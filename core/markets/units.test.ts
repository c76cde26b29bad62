import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorText } from '../errors/index.ts';
import { PAIRS } from './pairs.ts';
import {
  checkMinValue,
  fromLots,
  fromNotional,
  fromTicks,
  toLots,
  toNotional,
  toTicks,
  UnitError,
} from './units.ts';

/** The UnitError a call throws, for its field, problem and message. */
function failure(call: () => unknown): Pick<UnitError, 'field' | 'problem' | 'message'> {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof UnitError);
    return { field: error.field, problem: error.problem, message: error.message };
  }
  assert.fail('expected a UnitError');
}

describe('toTicks and fromTicks', () => {
  it('convert prices exactly, with or without trailing zeros', () => {
    assert.equal(toTicks('BTC_USDT', '65000.01'), 6_500_001);
    assert.equal(toTicks('BTC_USDT', '65000.10'), 6_500_010);
    assert.equal(toTicks('BTC_USDT', '65000.0100000'), 6_500_001);
    assert.equal(toTicks('BTC_USDT', '0065000'), 6_500_000);
    assert.equal(toTicks(PAIRS.DOGE_USDT, '0.15432'), 15_432);
    assert.equal(fromTicks('BTC_USDT', 6_500_010), '65000.1');
    assert.equal(fromTicks('BTC_USDT', 6_500_000), '65000');
    assert.equal(fromTicks('DOGE_USDT', 15_432), '0.15432');
    assert.equal(fromTicks('DOGE_USDT', 5), '0.00005');
  });

  it('survive values a float would not (0.1 + 0.2, 16 significant digits)', () => {
    assert.equal(toTicks('BTC_USDT', '0.3'), 30);
    assert.equal(toLots('BTC_USDT', '89.99999'), 8_999_999);
    assert.equal(fromTicks('BTC_USDT', 99_999_999), '999999.99');
  });

  it('are catalogued refusals that name their field', () => {
    try {
      toTicks('BTC_USDT', '65000.005', 'stopPrice');
      assert.fail('expected a UnitError');
    } catch (error) {
      assert.ok(error instanceof UnitError);
      assert.equal(error.code, 'order.offTick');
      assert.equal(error.param, 'stopPrice');
      assert.equal(
        error.message,
        errorText('order.offTick', { label: 'Stop price', tickSize: '0.01' }),
      );
    }
  });

  it('name the field and the tick in their errors', () => {
    assert.deepEqual(
      failure(() => toTicks('BTC_USDT', '65000.005')),
      {
        field: 'price',
        problem: 'step',
        message: 'Price must be a multiple of the tick size 0.01.',
      },
    );
    assert.equal(
      failure(() => toTicks('BTC_USDT', '1.001', 'stopPrice')).message,
      'Stop price must be a multiple of the tick size 0.01.',
    );
    assert.equal(
      failure(() => toTicks('BTC_USDT', '1000000.01')).message,
      'Price must be at most 1000000.',
    );
    assert.equal(
      failure(() => toTicks('BTC_USDT', '0.00')).message,
      'Price must be greater than zero.',
    );
  });

  it('accept only plain decimal strings', () => {
    for (const text of [
      '',
      '.5',
      '5.',
      '-1',
      '+1',
      '1e3',
      ' 1',
      '1 ',
      '1,000',
      '0x10',
      'NaN',
      '١٢',
    ]) {
      assert.deepEqual(
        failure(() => toTicks('BTC_USDT', text)),
        {
          field: 'price',
          problem: 'format',
          message: 'Price must be a decimal string such as "65000.5".',
        },
      );
    }
    assert.equal(failure(() => toTicks('BTC_USDT', `1${'0'.repeat(20)}`)).problem, 'digits');
    assert.equal(failure(() => toTicks('BTC_USDT', `1.${'0'.repeat(19)}`)).problem, 'digits');
    assert.equal(failure(() => toTicks('BTC_USDT', '9'.repeat(5000))).problem, 'digits');
    assert.equal(failure(() => toTicks('BTC_USDT', 'x'.repeat(5000))).problem, 'format');
  });

  it('refuse to write what is not a whole number of ticks', () => {
    assert.throws(() => fromTicks('BTC_USDT', 1.5), RangeError);
    assert.throws(() => fromTicks('BTC_USDT', -1), RangeError);
    assert.throws(() => fromTicks('BTC_USDT', 2 ** 53), RangeError);
  });
});

describe('toLots and fromLots', () => {
  it('convert amounts exactly', () => {
    assert.equal(toLots('BTC_USDT', '0.5'), 50_000);
    assert.equal(toLots('DOGE_USDT', '1200'), 1200);
    assert.equal(toLots('XRP_USDT', '12.3'), 123);
    assert.equal(fromLots('BTC_USDT', 1), '0.00001');
    assert.equal(fromLots('XRP_USDT', 120), '12');
  });

  it('word their errors for the amount field', () => {
    assert.equal(
      failure(() => toLots('BTC_USDT', '0.000001')).message,
      'Amount has more decimals than the lot size 0.00001 allows.',
    );
    assert.equal(
      failure(() => toLots('DOGE_USDT', '1.5')).message,
      'Amount has more decimals than the lot size 1 allows.',
    );
    assert.equal(
      failure(() => toLots('BTC_USDT', '0')).message,
      'Amount must be greater than zero.',
    );
    assert.equal(failure(() => toLots('BTC_USDT', '91')).message, 'Amount must be at most 90.');
    assert.equal(
      failure(() => toLots('BTC_USDT', 'half')).message,
      'Amount must be a decimal string such as "0.5".',
    );
  });
});

describe('toNotional, fromNotional and checkMinValue', () => {
  it('convert a total in USDT to ticks × lots and back', () => {
    // One notional unit on BTC_USDT is 0.01 × 0.00001 = 0.0000001 USDT.
    assert.equal(toNotional('BTC_USDT', '100.5'), 1_005_000_000);
    assert.equal(fromNotional('BTC_USDT', 6_500_001 * 50_000), '32500.005');
    assert.equal(
      failure(() => toNotional('BTC_USDT', '1.00000001')).message,
      'Total has more decimals than BTC_USDT allows (7).',
    );
  });

  it('checks the minimum order value on the exact product', () => {
    const price = toTicks('BTC_USDT', '50000');
    assert.doesNotThrow(() => checkMinValue('BTC_USDT', price, toLots('BTC_USDT', '0.0001')));
    assert.deepEqual(
      failure(() => checkMinValue('BTC_USDT', price, toLots('BTC_USDT', '0.00009'))),
      { field: 'total', problem: 'min', message: 'Order value must be at least 5 USDT.' },
    );
  });
});
