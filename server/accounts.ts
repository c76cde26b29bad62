/**
 * User storage: the row type, lookups and account creation shared by sign-up and the start-up
 * seeding of the demo and staff accounts.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { DomainError } from './DomainError.ts';
import type { Queryable } from './db.ts';
import type { UsersTable } from './schema.ts';

/** A users row as selected. */
export type UserRow = Selectable<UsersTable>;

/** The message for a sign-up with an email already in use. */
export const DUPLICATE_EMAIL = 'An account with this email already exists.';

/** What a new account needs; everything else starts at the column defaults. */
export interface NewUser {
  email: string;
  passwordHash: string;
  login: string;
  ip: string;
  domain: string;
  referredBy: number | null;
  statusId?: number;
}

/** Emails are compared trimmed and lower-cased (the column's CHECK insists on it). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user with this (normalised) email, if any. */
export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** The id of the user owning a referral code, or null for an unknown code. */
export async function findReferrer(db: Queryable, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Inserts an account with a fresh unique referral code; DomainError when the email is taken. */
export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const email = normaliseEmail(user.email);
  if ((await findUserByEmail(db, email)) !== undefined) throw new DomainError(DUPLICATE_EMAIL);
  try {
    return await db
      .insertInto('users')
      .values({
        email,
        login: user.login,
        password_hash: user.passwordHash,
        status_id: user.statusId ?? 0,
        image: null,
        created_ip: user.ip,
        updated_ip: user.ip,
        domain: user.domain,
        referral_code: await freeReferralCode(db),
        referred_by: user.referredBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw new DomainError(DUPLICATE_EMAIL);
    throw error;
  }
}

/** True for a unique-index violation (SQLSTATE 23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

// No 0/O or 1/I: codes are read aloud and typed by hand. 32 symbols, so `byte & 31` is unbiased.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

async function freeReferralCode(db: Queryable): Promise<string> {
  for (;;) {
    const code = Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte & 31]).join('');
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    if (taken === undefined) return code;
  }
}
