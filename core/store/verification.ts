/** The identity-verification form. */
import { proxy } from 'valtio/vanilla';

/** The form's fields and flags. */
export interface VerificationState {
  firstName: string;
  lastName: string;
  countryId: number;
  city: string;
  address: string;
  dateOfBirth: string;
  phone: string;
  zipCode: string;
  idType: string;
  idNumber: string;
  currentStep: number;
  statusId: number;
  selfiePhotoId: number;
  documentPhotoId: number;
  isFormFilled: boolean;
  isExists: boolean;
  isLoaded: boolean;
}

/** The fields a person types. */
export type VerificationFields = Pick<
  VerificationState,
  | 'firstName'
  | 'lastName'
  | 'countryId'
  | 'city'
  | 'address'
  | 'dateOfBirth'
  | 'phone'
  | 'zipCode'
  | 'idType'
  | 'idNumber'
>;

/** An empty form: country 1, step 0, no photos. */
export const initialVerification: Readonly<VerificationState> = {
  firstName: '',
  lastName: '',
  countryId: 1,
  city: '',
  address: '',
  dateOfBirth: '',
  phone: '',
  zipCode: '',
  idType: '',
  idNumber: '',
  currentStep: 0,
  statusId: 0,
  selfiePhotoId: 0,
  documentPhotoId: 0,
  isFormFilled: false,
  isExists: false,
  isLoaded: false,
};

/** The shared verification form. */
export const verification = proxy<VerificationState>({ ...initialVerification });

const REQUIRED = [
  'city',
  'address',
  'dateOfBirth',
  'phone',
  'zipCode',
  'idNumber',
  'firstName',
  'lastName',
] as const;

/** True when every required text field is non-empty and a country is chosen. */
export function isVerificationFilled(form: VerificationFields): boolean {
  return form.countryId > 0 && REQUIRED.every((field) => form[field] !== '');
}

/** Updates fields and recomputes isFormFilled, as every update must. */
export function updateVerification(
  patch: Partial<Omit<VerificationState, 'isFormFilled'>>,
  state = verification,
): void {
  Object.assign(state, patch);
  state.isFormFilled = isVerificationFilled(state);
}

/** Empties the typed fields (the country returns to its initial 1). */
export function clearVerification(state = verification): void {
  const { firstName, lastName, countryId, city, address, dateOfBirth, phone, zipCode } =
    initialVerification;
  const { idType, idNumber } = initialVerification;
  updateVerification(
    {
      firstName,
      lastName,
      countryId,
      city,
      address,
      dateOfBirth,
      phone,
      zipCode,
      idType,
      idNumber,
    },
    state,
  );
}
