/** Refusals of identity verification: the form's field rules, its photos and staff review. */
import type { ErrorTable } from './entry.ts';

/** What identity verification answers when it refuses (field rules name the field they check). */
export const KYC_ERRORS = {
  'kyc.pending': {
    message:
      'Your documents are being reviewed. You will be able to change them if the review asks you to.',
  },
  'kyc.approved': { message: 'Your identity is already verified.' },
  'kyc.notPending': { message: 'This application is not waiting for review.', param: 'userId' },
  'kyc.noApplication': {
    message: 'This account has not applied for verification.',
    param: 'userId',
  },
  'kyc.photo': {
    message: 'Choose an image you uploaded for verification (JPG, PNG or WebP).',
    param: 'attachmentId',
  },
  'kyc.reason': {
    message: 'Give the person a reason of 1 to {max} characters that says what to correct.',
    param: 'reason',
  },
  'kyc.ownDecision': { message: 'Staff cannot review their own verification.', param: 'userId' },
  'kyc.required': { message: '{label} is required.' },
  'kyc.choose': { message: '{label}: choose one from the list.' },
  'kyc.noCountry': { message: 'Country: choose your country.', param: 'countryId' },
  'kyc.unknownCountry': {
    message: 'Country: choose your country from the list.',
    param: 'countryId',
  },
  'kyc.tooLong': { message: '{label} must be at most {max} characters.' },
  'kyc.nameLetters': {
    message:
      '{label} may contain letters, spaces, apostrophes, dots and hyphens only, as on your document.',
  },
  'kyc.birthDate': {
    message: 'Date of birth must be a real date, written as YYYY-MM-DD.',
    param: 'dateOfBirth',
  },
  'kyc.birthInFuture': { message: 'Date of birth cannot be in the future.', param: 'dateOfBirth' },
  'kyc.tooYoung': {
    message: 'Date of birth: you must be at least {min} years old to verify.',
    param: 'dateOfBirth',
  },
  'kyc.tooOld': { message: 'Date of birth: please check the year.', param: 'dateOfBirth' },
  'kyc.phone': {
    message:
      'Phone must be a phone number of 7 to 15 digits, with the country code, e.g. +44 20 7946 0958.',
    param: 'phone',
  },
  'kyc.zipCode': {
    message:
      'ZIP / postal code may contain letters, digits, spaces and hyphens, 2 to 10 characters.',
    param: 'zipCode',
  },
  'kyc.idType': { message: 'Document type must be one of: {types}.', param: 'idType' },
  'kyc.idNumber': {
    message: 'Document number may contain letters, digits, spaces and hyphens, 4 to 20 characters.',
    param: 'idNumber',
  },
  'kyc.missingPhoto': { message: 'Upload {photo}.' },
} as const satisfies ErrorTable;
