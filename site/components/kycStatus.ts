/** The profile's kycStatusId of a rejected application (0 none, 1 pending, 2 approved, 3 rejected). */
export const KYC_STATUS_REJECTED = 3;
