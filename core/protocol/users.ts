/** The account holder's profile, the site configuration it comes with, and signing in and out. */

/** A signed-in account holder's profile as the server sends it. */
export interface User {
  id: number;
  email: string;
  login: string;
  /** Total of the user's wallets in USD at the reference prices. */
  balance: number;
  image: string | null;
  /** Greater than 0 means staff; 0 is an ordinary account holder. */
  statusId: number;
  created_at: string;
  kyc_status: number;
  two_factor: boolean;
  isPremium: boolean;
  isVerified: boolean;
  isKyc: boolean;
  is2FA: boolean;
  isWalletConnect: boolean;
  /** The same total expressed in BTC at the reference price. */
  balanceBTC: number;
  /** Change of the USD total over the reference window, in percent. */
  percentChange: number;
  referalCode: string;
  isKycPending: boolean;
  kycStatusId: number;
  /** Whether the account followed the link mailed to its address. */
  isEmailVerified: boolean;
  /** Whether support replies left unread are mailed (the profile's switch). */
  mailSupportReplies: boolean;
}

/** Site-wide configuration that comes with the profile query. */
export interface Config {
  socials: { twitter?: string; youtube?: string; instagram?: string; telegram?: string };
  live: { is_enabled: boolean };
  /** SITE_NAME, when set: what the site calls itself instead of its host's first label. */
  name?: string;
}

/** The per-user flags staff may set; the server enforces them where they apply. */
export const STAFF_SETTABLE_FLAGS = [
  'isWithdraw',
  'isTransfer',
  'isSwap',
  'isWalletConnect',
  'isKyc',
  'isBlocked',
  'isAbuse',
  'isPremium',
  'isVerified',
] as const;

/** A flag staff may set on a client. */
export type StaffSettableFlag = (typeof STAFF_SETTABLE_FLAGS)[number];

/** Signing up, in and out, and the profile query. */
export interface UserMethods {
  /** Creates an account and signs it in; `ref`, a referral code, records its referrer for good. */
  'users.signUp': {
    params: { email: string; password: string; login?: string; ref?: string };
    /**
     * `referralNotice`: why the `ref` given was not applied (an unknown code); the account is
     * created all the same, without a referrer.
     */
    result: { token: string; user: User; referralNotice?: string };
  };
  /** Signs in with the email and password, and the two-factor code when it is on. */
  'users.signIn': {
    /** `code`: the authenticator app's code, or a recovery code, when two-factor is on. */
    params: { email: string; password: string; code?: string };
    result: { token: string; user: User };
    /** `twoFactorRequired`: the password was right and a two-factor code is needed (again). */
    refusal: { twoFactorRequired: boolean };
  };
  'users.logout': { params: Record<string, never>; result: Record<string, never> };
  /** The "user" query: the profile plus the site configuration. */
  'users.getInfo': { params: Record<string, never>; result: { user: User; config: Config } };
}
