/**
 * The verification form's rules, shared by the browser (to explain a field as it is typed) and
 * the server (which enforces them): each check returns a catalogued refusal (its code, its words
 * and the field it names), or null when the value is fine. An empty value is allowed in a draft; submitting needs
 * every field the form needs to count as filled, plus the photos the document type asks for.
 */

import { findCountry } from './countries.ts';
import { type ErrorReport, errorText, refusalOf } from './errors/index.ts';
import type { IdType, KycDetails, KycPhotoSlot } from './protocol/kyc.ts';

/** The image types an identity photo may be uploaded as (a subset of the chat's). */
export const KYC_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** The `accept` attribute of a verification photo picker. */
export const KYC_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The answer for a verification upload that is not one of those images. */
export const KYC_PHOTO_TYPE_TEXT = errorText('upload.kycType');

/** The longest reason staff may give for rejecting an application. */
export const KYC_REASON_MAX = 500;

/** The youngest age at which an account may verify. */
export const MIN_AGE = 18;

/** The oldest plausible age; anything older is a typing mistake. */
export const MAX_AGE = 120;

/** The documents accepted, with their names and how many sides must be photographed. */
export const ID_TYPES: readonly { id: IdType; name: string; sides: 1 | 2 }[] = [
  { id: 'passport', name: 'Passport', sides: 1 },
  { id: 'idCard', name: 'National ID card', sides: 2 },
  { id: 'drivingLicence', name: 'Driving licence', sides: 2 },
];

/** The form's fields by the name a person reads. */
export const KYC_FIELD_LABELS: Record<keyof KycDetails, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  countryId: 'Country',
  city: 'City',
  address: 'Address',
  dateOfBirth: 'Date of birth',
  phone: 'Phone',
  zipCode: 'ZIP / postal code',
  idType: 'Document type',
  idNumber: 'Document number',
};

/** The longest accepted value of each text field. */
export const KYC_MAX_LENGTH: Record<Exclude<keyof KycDetails, 'countryId'>, number> = {
  firstName: 64,
  lastName: 64,
  city: 85,
  address: 200,
  dateOfBirth: 10,
  phone: 20,
  zipCode: 10,
  idType: 20,
  idNumber: 20,
};

/** The fields that must be non-empty for the form to count as filled, in the order of the steps. */
export const KYC_REQUIRED: readonly (keyof KycDetails)[] = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'countryId',
  'city',
  'address',
  'zipCode',
  'phone',
  'idType',
  'idNumber',
];

/** The photo slots a document type needs: its sides, then the selfie. */
export function requiredPhotos(idType: IdType | ''): KycPhotoSlot[] {
  const sides = ID_TYPES.find((type) => type.id === idType)?.sides ?? 1;
  return sides === 2 ? ['front', 'back', 'selfie'] : ['front', 'selfie'];
}

const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
const PHONE = /^\+?[0-9][0-9 ()-]*$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const ID_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Age in whole years on `today` (UTC) of someone born on `birth` (YYYY-MM-DD), or null. */
export function ageOn(birth: string, today: Date): number | null {
  const match = DATE.exec(birth);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2001-02-30 rolls over to March: not a real date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  if (date.getTime() > today.getTime()) return -1;
  return age;
}

/** `refusal` as it names `field` (the rules shared by several fields name theirs here). */
function aboutField(field: keyof KycDetails, refusal: ErrorReport): ErrorReport {
  return { ...refusal, param: field };
}

/** What is wrong with one field's value, naming the field, or null; '' passes (a draft). */
export function kycFieldProblem<F extends keyof KycDetails>(
  field: F,
  value: KycDetails[F],
  today: Date = new Date(),
): ErrorReport | null {
  const label = KYC_FIELD_LABELS[field];
  if (field === 'countryId') {
    return findCountry(value as number) === undefined ? refusalOf('kyc.unknownCountry') : null;
  }
  const text = String(value).trim();
  if (text === '') return null;
  const max = KYC_MAX_LENGTH[field as Exclude<keyof KycDetails, 'countryId'>];
  if (text.length > max) return aboutField(field, refusalOf('kyc.tooLong', { label, max }));
  switch (field) {
    case 'firstName':
    case 'lastName':
      return NAME.test(text) ? null : aboutField(field, refusalOf('kyc.nameLetters', { label }));
    case 'dateOfBirth': {
      const age = ageOn(text, today);
      if (age === null) return refusalOf('kyc.birthDate');
      if (age < 0) return refusalOf('kyc.birthInFuture');
      if (age < MIN_AGE) return refusalOf('kyc.tooYoung', { min: MIN_AGE });
      if (age > MAX_AGE) return refusalOf('kyc.tooOld');
      return null;
    }
    case 'phone': {
      const digits = text.replace(/\D/g, '').length;
      return PHONE.test(text) && digits >= 7 && digits <= 15 ? null : refusalOf('kyc.phone');
    }
    case 'zipCode':
      return ZIP.test(text) && text.length >= 2 ? null : refusalOf('kyc.zipCode');
    case 'idType':
      return ID_TYPES.some((type) => type.id === text)
        ? null
        : refusalOf('kyc.idType', { types: ID_TYPES.map((type) => type.name).join(', ') });
    case 'idNumber':
      return ID_NUMBER.test(text) && text.length >= 4 ? null : refusalOf('kyc.idNumber');
    default:
      return null;
  }
}

/** The refusal for a field left empty: a list asks to choose, a text field is required. */
export function kycFieldMissing(field: keyof KycDetails): ErrorReport {
  const label = KYC_FIELD_LABELS[field];
  const code = field === 'countryId' || field === 'idType' ? 'kyc.choose' : 'kyc.required';
  return aboutField(field, refusalOf(code, { label }));
}

/** The first field still empty, for the message that says what is missing, or null. */
export function firstMissingField(details: KycDetails): keyof KycDetails | null {
  for (const field of KYC_REQUIRED) {
    if (field === 'countryId' ? details.countryId <= 0 : details[field].trim() === '') return field;
  }
  return null;
}
