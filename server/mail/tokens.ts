/**
 * The single-use links of account e-mail. The mail carries a random 32-byte token; the database
 * keeps only its SHA-256, so a copy of the database opens no account. A token is redeemed once,
 * before it expires, for the purpose it was made for; a new one of the same purpose makes the
 * older ones of that account void, except a withdrawal's: each request has a link of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { errorText } from '../../core/errors/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';

/** What a link is for. */
export type TokenPurpose = 'verify' | 'reset' | 'withdrawal';

/** The words of each link refusal, for callers outside accounts and mail that compare words. */
export const LINK_MESSAGES = {
  unknown: errorText('link.unknown'),
  used: errorText('link.used'),
  expired: errorText('link.expired'),
} as const;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a token is made for: an account's purpose, or one withdrawal of it. */
export type TokenFor =
  | { userId: number; purpose: 'verify' | 'reset' }
  | { userId: number; purpose: 'withdrawal'; withdrawalId: number };

/** What a redeemed token belongs to. */
export interface Redeemed {
  userId: number;
  /** The withdrawal a `withdrawal` token confirms; null for the other purposes. */
  withdrawalId: number | null;
}

/** Makes a token that lasts `ttlMs`, voiding the account's unused older ones of its purpose. */
export async function issueToken(
  db: Queryable,
  owner: TokenFor,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (owner.purpose !== 'withdrawal') {
    await db
      .updateTable('mail_tokens')
      .set({ used_at: now })
      .where('user_id', '=', owner.userId)
      .where('purpose', '=', owner.purpose)
      .where('used_at', 'is', null)
      .execute();
  }
  await db
    .insertInto('mail_tokens')
    .values({
      user_id: owner.userId,
      purpose: owner.purpose,
      ...(owner.purpose === 'withdrawal' ? { withdrawal_id: owner.withdrawalId } : {}),
      token_hash: digest(token),
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  return token;
}

/**
 * Uses up a token (inside the caller's transaction, with what it unlocks) and answers what it
 * belongs to; a token that is unknown, of another purpose, used or expired is refused.
 */
export async function redeemToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<Redeemed> {
  const row = await db
    .selectFrom('mail_tokens')
    .select(['id', 'user_id', 'withdrawal_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', digest(token))
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) throw refusal('link.unknown');
  if (row.used_at !== null) throw refusal('link.used');
  if (row.expires_at <= now) throw refusal('link.expired');
  const used = await db
    .updateTable('mail_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (used.numUpdatedRows !== 1n) throw refusal('link.used');
  return { userId: row.user_id, withdrawalId: row.withdrawal_id };
}
