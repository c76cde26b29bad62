/**
 * Sign-in sessions. A token is 32 random bytes (base64url) handed to the client once; only its
 * SHA-256 is stored, so a copy of the database does not let anyone sign in (OWASP Session
 * Management Cheat Sheet).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import type { UserRow } from './users.ts';

/**
 * The account holder or support-chat visitor (is_visitor) behind a request: signed in with a
 * session, or (account holders only) calling with an API key, which has no session. Code that
 * needs a session (a logout, a socket ticket) takes a SessionCaller, or asks `sessionOf`.
 */
export type Caller = SessionCaller | KeyCaller;

/** A caller signed in with a session token. */
export interface SessionCaller {
  user: UserRow;
  sessionId: number;
  apiKeyId?: never;
}

/** An account holder calling with an API key (a signed request): no session exists. */
export interface KeyCaller {
  user: UserRow;
  sessionId: null;
  /** The key's public id. */
  apiKeyId: string;
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
export async function findCaller(db: Queryable, token: string): Promise<SessionCaller | null> {
  return (await findCallers(db, [token])).get(token) ?? null;
}

/** The callers of many tokens with one query, by token (see findCaller); invalid ones are absent. */
export async function findCallers(
  db: Queryable,
  tokens: readonly string[],
): Promise<Map<string, SessionCaller>> {
  const byHash = new Map(
    tokens.filter((token) => TOKEN_PATTERN.test(token)).map((token) => [hashToken(token), token]),
  );
  const found = new Map<string, SessionCaller>();
  if (byHash.size === 0) return found;
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.token_hash'])
    // One array parameter however many tokens: the statement's text stays the same.
    .where('sessions.token_hash', '=', sql<string>`any(${[...byHash.keys()]}::text[])`)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.is_blocked', '=', false)
    .execute();
  for (const { session_id: sessionId, token_hash: hash, ...user } of rows) {
    const token = byHash.get(hash);
    if (token !== undefined) found.set(token, { user, sessionId });
  }
  return found;
}

/**
 * Finds the callers of concurrent requests together: the tokens asked for while one lookup runs
 * go out in the next lookup, one query for all of them. The embedded database runs one query at a
 * time, so under load a lookup per request would queue each request behind the market's
 * transaction on its own, and the market would see its orders one by one instead of in batches.
 * Every answer is read from the database after it was asked for: nothing is cached.
 */
export class CallerLookup {
  /** The tokens asked for since the running lookup was sent, with their askers. */
  private asked = new Map<string, Asker[]>();
  private running = false;

  constructor(private readonly db: Queryable) {}

  find(token: string): Promise<SessionCaller | null> {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.asked.set(token, [...(this.asked.get(token) ?? []), { resolve, reject }]);
      if (this.running) return;
      this.running = true;
      // After this turn's other requests have asked too.
      setImmediate(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    while (this.asked.size > 0) {
      const asked = this.asked;
      this.asked = new Map();
      try {
        const callers = await findCallers(this.db, [...asked.keys()]);
        for (const [token, askers] of asked) {
          for (const asker of askers) asker.resolve(callers.get(token) ?? null);
        }
      } catch (error) {
        for (const askers of asked.values()) for (const asker of askers) asker.reject(error);
      }
    }
    this.running = false;
  }
}

interface Asker {
  resolve(caller: SessionCaller | null): void;
  reject(error: unknown): void;
}

/**
 * The session of a caller, for what only a session may do (end it, list the others, open a
 * socket with a ticket bound to it); a caller with an API key has none and is refused.
 */
export function sessionOf(caller: Caller): number {
  if (caller.sessionId === null) throw refusal('apiKey.sessionRequired');
  return caller.sessionId;
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

/**
 * Access that ended: one session (a logout), one API key (revoked), or every session and key of
 * an account (a block). Published as 'access.ended' on the server's event bus
 * (server/events/ServerEvents.ts).
 */
export type AccessEnd = { sessionId: number } | { apiKeyId: string } | { userId: number };

/**
 * Whether `end` ends the access of this session of this account: how a socket opened with that
 * access tells, on hearing 'access.ended', that it must close.
 */
export function accessEnded(end: AccessEnd, sessionId: number, userId: number): boolean {
  if ('sessionId' in end) return end.sessionId === sessionId;
  return 'userId' in end && end.userId === userId;
}

/** Whether `end` ends the access of this API key of this account (a socket logged in with it). */
export function keyAccessEnded(end: AccessEnd, apiKeyId: string, userId: number): boolean {
  if ('apiKeyId' in end) return end.apiKeyId === apiKeyId;
  return 'userId' in end && end.userId === userId;
}
