/**
 * Password hashing with scrypt (OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1). The
 * parameters are stored with each hash, so they can be raised later without breaking old hashes;
 * needsRehash tells sign-in when to upgrade one. The cost comes from the configuration: the
 * production cost everywhere except in test runs, which may lower it (config.ts allows that only
 * with NODE_ENV=test), because hundreds of sign-ups at 128 MiB and a third of a second each made
 * up much of the test suite's time.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's work factors: N = 2^log2N, the block size r and the parallelism p. */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

/** The cost every hash is made at outside tests (OWASP's recommendation for scrypt). */
export const PRODUCTION_PASSWORD_COST: Readonly<PasswordCost> = { log2N: 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
// scrypt needs 128 * N * r bytes (128 MiB at the production cost); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;

/** Hashes a password with a fresh random salt at the given cost. */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return format(cost, salt, key);
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (parsed === null) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses other parameters than the current cost. */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  const parsed = parse(stored);
  return (
    parsed === null || parsed.log2N !== cost.log2N || parsed.r !== cost.r || parsed.p !== cost.p
  );
}

/**
 * A well-formed hash at the given cost that matches no password: sign-in checks unknown emails
 * against it, so an answer takes as long whether or not the account exists.
 */
export function dummyPasswordHash(cost: PasswordCost): string {
  return format(cost, Buffer.alloc(SALT_BYTES), Buffer.alloc(KEY_BYTES));
}

interface ParsedHash extends PasswordCost {
  salt: Buffer;
  key: Buffer;
}

function format(cost: PasswordCost, salt: Buffer, key: Buffer): string {
  return [
    'scrypt',
    cost.log2N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
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
  cost: PasswordCost,
  length = KEY_BYTES,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error === null ? resolve(key) : reject(error),
    );
  });
}
