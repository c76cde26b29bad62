import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText } from '../../core/errors/index.ts';
import { cardBrand, checkCard, luhnValid, TEST_CARDS } from './testCards.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

test('every published test card passes the Luhn check and is of its brand', () => {
  for (const card of TEST_CARDS) {
    assert.ok(luhnValid(card.number), card.number);
    assert.equal(cardBrand(card.number), card.brand, card.number);
  }
  assert.equal(luhnValid('4242424242424241'), false);
});

test('a good test card gives only its last four digits', () => {
  const check = checkCard(good, NOW);
  assert.ok(check.ok);
  assert.equal(check.last4, '4242');
  assert.equal(check.card.outcome, 'succeeds');
});

test('a number that fails Luhn, a real card, a past expiry and a bad CVC are refused by field', () => {
  const refused = (input: Partial<typeof good>) => {
    const check = checkCard({ ...good, ...input }, NOW);
    assert.equal(check.ok, false);
    return check.ok ? {} : check.problems;
  };
  assert.deepEqual(refused({ number: '4242 4242 4242 4241' }), {
    number: errorText('card.numberInvalid'),
  });
  // Luhn-valid, but not a published test number.
  assert.deepEqual(refused({ number: '4111 1111 1111 1111' }), {
    number: errorText('card.notTestCard'),
  });
  assert.deepEqual(refused({ expiry: '10/26' }), { expiry: errorText('card.expiryPast') });
  assert.deepEqual(refused({ expiry: '13/30' }), { expiry: errorText('card.expiryFormat') });
  assert.deepEqual(refused({ cvc: '12' }), { cvc: errorText('card.cvcFormat') });
  assert.deepEqual(refused({ number: '3782 822463 10005', cvc: '123' }), {
    cvc: errorText('card.cvcFormatAmex'),
  });
  assert.deepEqual(refused({ name: ' ' }), { name: errorText('card.nameMissing') });
  // The current month is still valid.
  assert.ok(checkCard({ ...good, expiry: '11/26' }, NOW).ok);
  assert.ok(checkCard({ ...good, number: '378282246310005', cvc: '1234' }, NOW).ok);
});
