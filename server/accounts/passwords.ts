/**
 * Password hashing with scrypt (OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1). The
 * parameters are stored with each hash, so they can be raised later without breaking old hashes;
 * needsRehash tells sign-in when to upgrade one.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG2_N, R, P);
  return ['scrypt', LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (parsed === null) return false;
  const key = await derive(
    password,
    parsed.salt,
    parsed.log2N,
    parsed.r,
    parsed.p,
    parsed.key.length,
  );
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses other parameters than the current ones. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return parsed === null || parsed.log2N !== LOG2_N || parsed.r !== R || parsed.p !== P;
}

/**
 * A well-formed hash that matches no password: sign-in checks unknown emails against it, so an
 * answer takes as long whether or not the account exists.
 */
export const DUMMY_PASSWORD_HASH = [
  'scrypt',
  LOG2_N,
  R,
  P,
  Buffer.alloc(SALT_BYTES).toString('base64url'),
  Buffer.alloc(KEY_BYTES).toString('base64url'),
].join('$');

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const [scheme, log2N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined || rest.length > 0)
    return null;
  const numbers = [log2N, r, p].map(Number);
  const [n, rr, pp] = numbers;
  if (n === undefined || rr === undefined || pp === undefined) return null;
  if (!numbers.every((value) => Number.isInteger(value) && value > 0) || n > 20) return null;
  const saltBytes = Buffer.from(salt, 'base64url');
  const keyBytes = Buffer.from(key, 'base64url');
  // An empty key would compare equal to any empty derivation: refuse short ones outright.
  if (saltBytes.length < 8 || keyBytes.length < 16 || rr > 32 || pp > 16) return null;
  return { log2N: n, r: rr, p: pp, salt: saltBytes, key: keyBytes };
}

function derive(
  password: string,
  salt: Buffer,
  log2N: number,
  r: number,
  p: number,
  length = KEY_BYTES,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error === null ? resolve(key) : reject(error),
    );
  });
}
