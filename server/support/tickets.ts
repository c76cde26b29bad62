/**
 * Support socket tickets. The socket URL carries `?token=`, and URLs end up in access logs, so
 * the value is never the session token: it is a random ticket issued by an authenticated API
 * call, valid for TICKET_TTL_MS and deleted on first use. Tickets live in the database (only
 * their SHA-256) so any server process behind the same database can accept them. A ticket is
 * bound to the session that asked for it and dies with it: after a logout, or once the session
 * has expired, it opens nothing.
 */
import { randomBytes } from 'node:crypto';
import { hashToken, type SessionCaller } from '../accounts/sessions.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';

/** How long a ticket stays valid. */
export const TICKET_TTL_MS = 60_000;

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues a ticket for a session (and clears expired ones). A caller with an API key has no
 * session (`null`) to bind one to, and is refused.
 */
export async function issueTicket(db: Queryable, sessionId: number | null): Promise<string> {
  if (sessionId === null) throw refusal('apiKey.sessionRequired');
  const ticket = randomBytes(32).toString('base64url');
  await db.deleteFrom('support_tickets').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('support_tickets')
    .values({
      ticket_hash: hashToken(ticket),
      session_id: sessionId,
      expires_at: new Date(Date.now() + TICKET_TTL_MS),
    })
    .execute();
  return ticket;
}

/**
 * The account and session a ticket was issued to, consuming the ticket; null when it is unknown, used or
 * expired, its session has ended (logout, expiry), or the account has since been blocked.
 */
export async function redeemTicket(db: Queryable, ticket: string): Promise<SessionCaller | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  const used = await db
    .deleteFrom('support_tickets')
    .where('ticket_hash', '=', hashToken(ticket))
    .returning(['session_id', 'expires_at'])
    .executeTakeFirst();
  if (used === undefined || used.expires_at.getTime() <= Date.now()) return null;
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', used.session_id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.is_blocked', '=', false)
    .executeTakeFirst();
  return user === undefined ? null : { user, sessionId: used.session_id };
}
