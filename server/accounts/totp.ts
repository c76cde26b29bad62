/**
 * Time-based one-time passwords (RFC 6238) through otpauth: 30-second steps, 6 digits and
 * HMAC-SHA-1, the parameters every authenticator app assumes from a QR code. Secrets are 160 bits,
 * the length RFC 4226 §4 recommends.
 */
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_CODE_DIGITS } from '../../core/protocol/index.ts';

/** Seconds per time step. */
export const TOTP_PERIOD_SECONDS = 30;

/**
 * Steps either side of now a code may be from: one, for a phone clock a little off and a code
 * typed as it changed (RFC 6238 §5.2 recommends at most one step for network delay).
 */
const WINDOW = 1;

const SECRET_BYTES = 20;

/** A fresh shared secret, in base32 as apps and the otpauth:// URI carry it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI for a QR code: the issuer and account say which entry it is in the app. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The time step `now` (ms) falls in. */
export function timeStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, if it is a valid code within the window around `now` (ms), or
 * null. Callers refuse a step not newer than the last accepted one, so a code works once.
 */
export function codeStep(secret: string, code: string, now: number): number | null {
  if (!new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`).test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : timeStep(now) + delta;
}

/** The code for the step `now` (ms) falls in: what the authenticator app would show. */
export function totpCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now });
}

function totp(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TWO_FACTOR_CODE_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}
