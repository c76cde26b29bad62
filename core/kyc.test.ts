import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COUNTRIES, findCountry } from './countries.ts';
import { ageOn, firstMissingField, kycFieldProblem, requiredPhotos } from './kyc.ts';
import type { KycDetails } from './protocol/kyc.ts';
import { isVerificationFilled } from './store/verification.ts';

const TODAY = new Date('2026-11-23T12:00:00Z');

const FILLED: KycDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  countryId: 826,
  city: 'London',
  address: '12 St James Sq',
  dateOfBirth: '1990-12-10',
  phone: '+44 20 7946 0958',
  zipCode: 'SW1Y 4JH',
  idType: 'passport',
  idNumber: 'X1234567',
};

test('the country list is ISO 3166-1: every country once, by numeric code and alpha-2', () => {
  assert.equal(COUNTRIES.length, 249);
  assert.equal(new Set(COUNTRIES.map((country) => country.id)).size, 249);
  assert.deepEqual(findCountry(826), { id: 826, code: 'GB', name: 'United Kingdom' });
  assert.equal(findCountry(1), undefined);
});

test('age counts whole years, the birthday itself included', () => {
  assert.equal(ageOn('2008-11-23', TODAY), 18);
  assert.equal(ageOn('2008-11-24', TODAY), 17);
  assert.equal(ageOn('2026-11-24', TODAY), -1);
  assert.equal(ageOn('2008-02-30', TODAY), null);
  assert.equal(kycFieldProblem('dateOfBirth', '2008-11-23', TODAY), null);
  assert.deepEqual(kycFieldProblem('dateOfBirth', '2008-11-24', TODAY), {
    code: 'kyc.tooYoung',
    message: 'Date of birth: you must be at least 18 years old to verify.',
    param: 'dateOfBirth',
  });
  assert.equal(kycFieldProblem('dateOfBirth', '2027-01-01', TODAY)?.code, 'kyc.birthInFuture');
  assert.match(kycFieldProblem('dateOfBirth', '2027-01-01', TODAY)?.message ?? '', /future/);
});

test('the server asks for what the form calls filled, plus the document type', () => {
  assert.equal(firstMissingField(FILLED), null);
  assert.equal(isVerificationFilled(FILLED), true);
  for (const field of Object.keys(FILLED) as (keyof KycDetails)[]) {
    const missing = { ...FILLED, [field]: field === 'countryId' ? 0 : '' };
    assert.equal(firstMissingField(missing), field, field);
    // isFormFilled does not need the document type; submitting does, to know its sides.
    assert.equal(isVerificationFilled(missing), field === 'idType', field);
  }
});

test('a passport needs one side, the other documents two, and every one a selfie', () => {
  assert.deepEqual(requiredPhotos('passport'), ['front', 'selfie']);
  assert.deepEqual(requiredPhotos('idCard'), ['front', 'back', 'selfie']);
  assert.deepEqual(requiredPhotos('drivingLicence'), ['front', 'back', 'selfie']);
});
