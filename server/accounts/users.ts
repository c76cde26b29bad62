/**
 * User storage: the row type, lookups and account creation shared by sign-up and the start-up
 * seeding of the demo and staff accounts, and the rows of support-chat visitors.
 */
import { randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import type { UsersTable } from './AccountTables.ts';

/** A users row as selected. */
export type UserRow = Selectable<UsersTable>;

/** The words of a blocked account's refusal, for callers outside accounts that compare words. */
export const ACCOUNT_BLOCKED = errorText('account.blocked');

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

/** The id of the account owning a referral code, or null for an unknown code (or a visitor's). */
export async function findReferrer(db: Queryable, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code.trim().toUpperCase())
    .where('is_visitor', '=', false)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Inserts an account with a fresh unique referral code; DomainError when the email is taken. */
export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const email = normaliseEmail(user.email);
  if ((await findUserByEmail(db, email)) !== undefined) throw refusal('account.duplicateEmail');
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
        contact_email: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw refusal('account.duplicateEmail');
    throw error;
  }
}

/**
 * The domain of visitors' synthetic emails: `.invalid` is reserved and never resolves (RFC 2606
 * §2), so no real mailbox can ever have one of these addresses.
 */
export const VISITOR_EMAIL_DOMAIN = 'visitors.invalid';

/**
 * The password_hash of every visitor: not the `scrypt$...` form, so verifyPassword refuses it
 * whatever the password (sign-in also treats a visitor's email as unknown).
 */
export const VISITOR_PASSWORD_HASH = '!visitor';

/** What a new visitor gives (both optional, already validated) and where they came from. */
export interface NewVisitor {
  name: string | null;
  contactEmail: string | null;
  ip: string;
  domain: string;
}

/**
 * Inserts a support-chat visitor: a users row with a random synthetic email that no sign-up or
 * sign-in can reach, and as login the given name or `Visitor <first hex digits of that email>`.
 */
export async function createVisitor(db: Queryable, visitor: NewVisitor): Promise<UserRow> {
  const key = randomBytes(16).toString('hex');
  return db
    .insertInto('users')
    .values({
      email: `visitor-${key}@${VISITOR_EMAIL_DOMAIN}`,
      login: visitor.name ?? `Visitor ${key.slice(0, 6)}`,
      password_hash: VISITOR_PASSWORD_HASH,
      status_id: 0,
      image: null,
      created_ip: visitor.ip,
      updated_ip: visitor.ip,
      domain: visitor.domain,
      // The column is unique and required; findReferrer never matches a visitor's code.
      referral_code: await freeReferralCode(db),
      referred_by: null,
      is_visitor: true,
      contact_email: visitor.contactEmail,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How long a visitor who never exchanged a message keeps their row and session. */
export const IDLE_VISITOR_HOURS = 24;

/**
 * Deletes the visitors older than `hours` whose chat never got a message (their sessions and
 * tickets go with them): "Start chat" without a word should not leave a row forever. Visitors
 * with messages stay, for staff to read back. Returns how many were deleted.
 */
export async function purgeIdleVisitors(
  db: Queryable,
  hours = IDLE_VISITOR_HOURS,
): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('is_visitor', '=', true)
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('support_dialogs as d')
            .innerJoin('support_messages as m', 'm.dialog_id', 'd.id')
            .select(sql`1`.as('one'))
            .whereRef('d.user_id', '=', 'users.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
