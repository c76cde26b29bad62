/**
 * Identity verification (KYC): an account's application, kept on the server as a draft while
 * the person fills it in, then submitted for staff review, which approves it or rejects it with a
 * reason the person reads before correcting and submitting again.
 */

/** Where an application stands: being filled in, waiting for staff, or decided. */
export type KycStatus = 'draft' | 'pending' | 'approved' | 'rejected';

/** The identity documents accepted; a passport has one side, the others two. */
export type IdType = 'passport' | 'idCard' | 'drivingLicence';

/** The photos an application holds: the document's sides and a selfie holding it. */
export type KycPhotoSlot = 'front' | 'back' | 'selfie';

/** The typed fields of the verification form. */
export interface KycDetails {
  firstName: string;
  lastName: string;
  /** The ISO 3166-1 numeric code of the country of residence (core/countries.ts). */
  countryId: number;
  city: string;
  address: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  phone: string;
  zipCode: string;
  /** '' until chosen. */
  idType: IdType | '';
  idNumber: string;
}

/** A stored photo: its attachment id and a signed URL only its owner (or staff) can open. */
export interface KycPhoto {
  id: number;
  path: string;
}

/** An application as its owner sees it. */
export interface KycApplication extends KycDetails {
  status: KycStatus;
  /** The step the person was on (0 personal details, 1 address, 2 document, 3 selfie). */
  currentStep: number;
  front: KycPhoto | null;
  back: KycPhoto | null;
  selfie: KycPhoto | null;
  /** ISO time of the last submission, or null. */
  submittedAt: string | null;
  /** Why staff rejected it, while it is rejected; null otherwise. */
  reason: string | null;
}

/** What an account may withdraw in 24 hours, by level, in USD. */
export interface WithdrawalLimits {
  verified: boolean;
  /** The limit that applies to this account now. */
  dailyUsd: number;
  /** The limit without verification. */
  unverifiedDailyUsd: number;
  /** The limit once verified. */
  verifiedDailyUsd: number;
}

/** One staff decision, kept for good. */
export interface KycDecision {
  decision: 'approved' | 'rejected';
  reason: string | null;
  /** The staff member's login. */
  staff: string;
  /** ISO time. */
  at: string;
}

/** A pending application in the staff queue. */
export interface KycQueueItem {
  userId: number;
  login: string;
  email: string;
  name: string;
  country: string;
  submittedAt: string;
}

/** One application as staff review it: the details, the photos and every earlier decision. */
export interface KycSubmission extends KycApplication {
  userId: number;
  login: string;
  email: string;
  country: string;
  decisions: KycDecision[];
}

/** The verification methods, joined into the protocol's method map. */
export interface KycMethods {
  /** The caller's application (an empty draft when none) and withdrawal limits. */
  'kyc.getMine': {
    params: Record<string, never>;
    result: { application: KycApplication; limits: WithdrawalLimits };
  };
  /** Saves the fields given (each checked, named in any refusal) and the step reached. */
  'kyc.saveDraft': {
    params: Partial<KycDetails> & { currentStep?: number };
    result: { application: KycApplication };
  };
  /** Puts an image uploaded for verification into a slot of the caller's draft. */
  'kyc.attach': {
    params: { slot: KycPhotoSlot; attachmentId: number };
    result: { application: KycApplication };
  };
  /** Submits a complete draft for review. */
  'kyc.submit': { params: Record<string, never>; result: { application: KycApplication } };
  /** Staff: the pending applications, oldest first. */
  'kyc.getQueue': { params: Record<string, never>; result: { items: KycQueueItem[] } };
  /** Staff: one account's application with its photos and decisions. */
  'kyc.getSubmission': { params: { userId: number }; result: { submission: KycSubmission } };
  /** Staff: approves a pending application; the account becomes verified. */
  'kyc.approve': { params: { userId: number }; result: { submission: KycSubmission } };
  /** Staff: rejects a pending application with the reason its owner will read. */
  'kyc.reject': {
    params: { userId: number; reason: string };
    result: { submission: KycSubmission };
  };
}
