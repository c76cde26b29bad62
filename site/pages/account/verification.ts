/**
 * The verification page's steps and the rules each step checks before it is saved: the shared
 * field rules of core/kyc.ts, plus "required" for the fields of the step being left.
 */
import {
  type KycApplication,
  type KycDetails,
  updateVerification,
  type VerificationFields,
} from '../../../core/index.ts';
// Imported from their files, not core/index.ts: the country list loads with this page only.
import { KYC_FIELD_LABELS, kycFieldMissing, kycFieldProblem } from '../../../core/kyc.ts';

/** One step of the form: its title and the fields it asks for. */
export interface VerificationStep {
  title: string;
  fields: readonly (keyof KycDetails)[];
}

/** The four steps, in order (personal details, address, identity document, selfie). */
export const STEPS: readonly VerificationStep[] = [
  { title: 'Personal details', fields: ['firstName', 'lastName', 'dateOfBirth'] },
  { title: 'Address', fields: ['countryId', 'city', 'address', 'zipCode', 'phone'] },
  { title: 'Identity document', fields: ['idType', 'idNumber'] },
  { title: 'Selfie', fields: [] },
];

/** Problems of one step's fields, by field; empty when the step can be saved. */
export function stepProblems(
  step: VerificationStep,
  form: VerificationFields,
  today = new Date(),
): Partial<Record<keyof KycDetails, string>> {
  const problems: Partial<Record<keyof KycDetails, string>> = {};
  for (const field of step.fields) {
    const value = form[field];
    if (field === 'countryId' ? value === 0 : String(value).trim() === '') {
      problems[field] = kycFieldMissing(field).message;
      continue;
    }
    const problem = kycFieldProblem(field, value as never, today);
    if (problem !== null) problems[field] = problem.message;
  }
  return problems;
}

/** The form field a server refusal names by its `param`, if it names one. */
export function fieldOfParam(param: string | undefined): keyof KycDetails | null {
  return param !== undefined && Object.hasOwn(KYC_FIELD_LABELS, param)
    ? (param as keyof KycDetails)
    : null;
}

/**
 * Takes only the photos of an application the server answered after an upload: the fields of the
 * step on screen may hold choices not saved yet (the document type that asks for a back side),
 * which the saved draft would undo.
 */
export function applyPhotos(application: KycApplication): void {
  updateVerification({
    documentPhotoId: application.front?.id ?? 0,
    selfiePhotoId: application.selfie?.id ?? 0,
  });
}

/** Puts an application the server answered into the shared verification form. */
export function applyApplication(application: KycApplication): void {
  updateVerification({
    firstName: application.firstName,
    lastName: application.lastName,
    countryId: application.countryId,
    city: application.city,
    address: application.address,
    dateOfBirth: application.dateOfBirth,
    phone: application.phone,
    zipCode: application.zipCode,
    idType: application.idType,
    idNumber: application.idNumber,
    currentStep: application.currentStep,
    documentPhotoId: application.front?.id ?? 0,
    selfiePhotoId: application.selfie?.id ?? 0,
    statusId: ['draft', 'pending', 'approved', 'rejected'].indexOf(application.status),
    isExists: application.submittedAt !== null || application.firstName !== '',
    isLoaded: true,
  });
}
