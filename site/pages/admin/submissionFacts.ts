/** An identity application as the reviewer reads it: labelled details and the photos sent. */
import type { KycSubmission } from '../../../core/index.ts';
import { ID_TYPES, KYC_FIELD_LABELS } from '../../../core/kyc.ts';

/** The application's details as label and value pairs, in reading order. */
export function submissionDetails(submission: KycSubmission): [string, string][] {
  return [
    ['Account', `${submission.login} (${submission.email})`],
    [KYC_FIELD_LABELS.dateOfBirth, submission.dateOfBirth],
    [KYC_FIELD_LABELS.countryId, submission.country],
    [KYC_FIELD_LABELS.address, `${submission.address}, ${submission.zipCode} ${submission.city}`],
    [KYC_FIELD_LABELS.phone, submission.phone],
    [
      KYC_FIELD_LABELS.idType,
      ID_TYPES.find((type) => type.id === submission.idType)?.name ?? submission.idType,
    ],
    [KYC_FIELD_LABELS.idNumber, submission.idNumber],
  ];
}

/** The photos sent, each with its label; those not sent are left out. */
export function submissionPhotos(submission: KycSubmission) {
  return (
    [
      ['Document front', submission.front],
      ['Document back', submission.back],
      ['Selfie with document', submission.selfie],
    ] as const
  ).filter(([, photo]) => photo !== null);
}
