/**
 * One-time recovery codes: ten per account, shown once when two-factor is turned on and stored
 * only as HMAC-SHA-256 under the two-factor key. Each is 50 random bits, far too many to guess
 * through the rate limit, so a fast keyed hash suffices where a password needs a slow one; the key
 * keeps a copy of the database from being searched offline.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** How many recovery codes an account gets. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/O or 1/I: codes are copied by hand from paper. 32 symbols, so `byte & 31` is unbiased.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/** Fresh codes, written `ABCDE-FGHJK` for reading. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from(randomBytes(LENGTH), (byte) => ALPHABET[byte & 31]).join('');
    return `${code.slice(0, LENGTH / 2)}-${code.slice(LENGTH / 2)}`;
  });
}

/**
 * A typed recovery code as it is hashed: upper case, without the dash or spaces a person may add
 * or leave out; null when it cannot be one.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** The stored form of a (normalised) recovery code. */
export function recoveryCodeHash(keyHex: string, code: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex')).update(code).digest('hex');
}
