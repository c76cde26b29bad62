import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import {
  clearVerification,
  initialVerification,
  updateVerification,
  verification,
} from './verification.ts';

const filled = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  city: 'London',
  address: '12 St James Sq',
  dateOfBirth: '1815-12-10',
  phone: '+44 20 0000 0000',
  zipCode: 'SW1Y 4JH',
  idNumber: 'X1234567',
};

describe('verification form', () => {
  beforeEach(() => Object.assign(verification, initialVerification));

  it('starts empty with country 1 and step 0', () => {
    assert.equal(verification.countryId, 1);
    assert.equal(verification.currentStep, 0);
    assert.equal(verification.isFormFilled, false);
  });

  it('is filled only when all eight fields are non-empty and a country is chosen', () => {
    updateVerification(filled);
    assert.equal(verification.isFormFilled, true);
    for (const field of Object.keys(filled) as (keyof typeof filled)[]) {
      updateVerification({ ...filled, [field]: '' });
      assert.equal(verification.isFormFilled, false, `${field} empty`);
    }
    updateVerification({ ...filled, countryId: 0 });
    assert.equal(verification.isFormFilled, false, 'no country');
    updateVerification({ countryId: 3 });
    assert.equal(verification.isFormFilled, true);
  });

  it('does not need idType', () => {
    updateVerification({ ...filled, idType: '' });
    assert.equal(verification.isFormFilled, true);
  });

  it('clears the fields', () => {
    updateVerification({ ...filled, idType: 'passport', countryId: 7 });
    clearVerification();
    assert.equal(verification.firstName, '');
    assert.equal(verification.idType, '');
    assert.equal(verification.countryId, 1);
    assert.equal(verification.isFormFilled, false);
  });
});
