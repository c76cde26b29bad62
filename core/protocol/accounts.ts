/**
 * The account holder's own security settings: two-factor sign-in with an authenticator app
 * (TOTP, RFC 6238), the password and the sessions signed in elsewhere. Joined into the method
 * table by protocol.ts.
 */
import type { User } from './users.ts';

/** What users.beginTwoFactor answers: the secret for the authenticator app, once. */
export interface TwoFactorSetup {
  /** The otpauth:// URI a QR code carries (Key Uri Format: issuer, account, secret). */
  uri: string;
  /** The same secret in base32, for typing into an app by hand. */
  key: string;
}

/** One signed-in session of the account. */
export interface ActiveSession {
  id: number;
  createdAt: string;
  /** The address the session signed in from. */
  ip: string;
  /** Whether this is the session that asked. */
  current: boolean;
}

/** The digits of a TOTP code (RFC 6238 with 30 s steps and SHA-1, as authenticator apps use). */
export const TWO_FACTOR_CODE_DIGITS = 6;

/** The account-security methods, keyed by wire name. */
export interface AccountMethods {
  /** Starts turning two-factor on: a new secret, waiting for its first code. */
  'users.beginTwoFactor': { params: Record<string, never>; result: TwoFactorSetup };
  /** Turns two-factor on with a first code; the recovery codes are shown this once only. */
  'users.enableTwoFactor': {
    params: { code: string };
    result: { recoveryCodes: string[]; user: User };
  };
  /** Turns two-factor off; needs a current code or an unused recovery code. */
  'users.disableTwoFactor': { params: { code: string }; result: { user: User } };
  /** Changes the password; every other session of the account ends. */
  'users.changePassword': {
    params: { currentPassword: string; newPassword: string };
    result: { endedSessions: number };
  };
  /** The account's signed-in sessions, newest first. */
  'users.getSessions': { params: Record<string, never>; result: { sessions: ActiveSession[] } };
  /** Signs out every session of the account but the one asking. */
  'users.endOtherSessions': {
    params: Record<string, never>;
    result: { endedSessions: number };
  };
  /**
   * Mails a link that sets a new password, if an account uses the address; the answer's `message`
   * is the same either way.
   */
  'users.forgotPassword': { params: { email: string }; result: { message: string } };
  /** Marks the account's address verified with the token of the link mailed after sign-up. */
  'users.verifyEmail': { params: { verifyToken: string }; result: { message: string } };
  /** Mails the verification link again (a few times an hour at most). */
  'users.resendVerification': { params: Record<string, never>; result: { message: string } };
  /** Which optional mails the account gets; security notices are always sent. */
  'users.setMailNotices': { params: { supportReplies: boolean }; result: { user: User } };
  /** Sets a new password with the mailed link's token; signs the account out everywhere. */
  'users.resetPassword': {
    params: { resetToken: string; password: string };
    result: { endedSessions: number };
  };
}
