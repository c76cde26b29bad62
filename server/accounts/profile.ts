/** The User the wire carries, built from a users row and the account's wallets. */
import type { User } from '../../core/protocol/index.ts';
import type { UserRow } from './users.ts';

/** kyc_status values; only "pending" has a meaning the site shows today. */
export const KYC_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

/**
 * What the profile shows of the account's wallets: their USD total, the same in BTC and its
 * change. The wallet computes them; the caller passes them, as the wallet stands on accounts.
 */
export type ProfileTotals = Pick<User, 'balance' | 'balanceBTC' | 'percentChange'>;

/**
 * The profile of an account as users.getInfo, signIn and signUp answer it, or of a visitor as
 * support.startVisitor does: their contact email (or '') instead of the synthetic one, and no
 * referral code, since a visitor's never refers anyone.
 */
export function toProfile(row: UserRow, totals: ProfileTotals): User {
  return {
    id: row.id,
    email: row.is_visitor ? (row.contact_email ?? '') : row.email,
    login: row.login,
    balance: totals.balance,
    image: row.image,
    statusId: row.status_id,
    created_at: row.created_at.toISOString(),
    kyc_status: row.kyc_status,
    two_factor: row.two_factor,
    isPremium: row.is_premium,
    isVerified: row.is_verified,
    isKyc: row.is_kyc,
    is2FA: row.two_factor,
    isWalletConnect: row.is_wallet_connect,
    balanceBTC: totals.balanceBTC,
    percentChange: totals.percentChange,
    referalCode: row.is_visitor ? '' : row.referral_code,
    isKycPending: row.kyc_status === KYC_STATUS.pending,
    kycStatusId: row.kyc_status,
    isEmailVerified: row.email_verified_at !== null,
    mailSupportReplies: row.mail_support_replies,
  };
}
