/**
 * Sign-in sessions. A token is 32 random bytes (base64url) handed to the client once; only its
 * SHA-256 is stored, so a copy of the database does not let anyone sign in (OWASP Session
 * Management Cheat Sheet).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from './accounts.ts';
import type { Queryable } from './db.ts';

/** The account holder or support-chat visitor (is_visitor) behind a request, and its session. */
export interface Caller {
  user: UserRow;
  sessionId: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for a user and returns its token. */
export async function createSession(
  db: Queryable,
  userId: number,
  ip: string,
  days: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + days * DAY_MS),
      revoked_at: null,
      created_ip: ip,
    })
    .execute();
  return token;
}

/**
 * The caller a token belongs to, or null when the token is unknown, expired or revoked, or the
 * account is blocked: a blocked account counts as signed out everywhere.
 */
export async function findCaller(db: Queryable, token: string): Promise<Caller | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.is_blocked', '=', false)
    .executeTakeFirst();
  if (row === undefined) return null;
  const { session_id: sessionId, ...user } = row;
  return { user, sessionId };
}

/** Ends a session; its token stops working at once. */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
