/**
 * Verifying an account's address: after sign-up a link is mailed (single use, 24 hours); following
 * it marks the address verified. Until then the site shows a banner with a button that mails the
 * link again. A new link voids the older ones. (Withdrawals do not wait for it yet.)
 */
import type { Config } from '../config.ts';
import { refusal } from '../errors/DomainError.ts';
import { linkTo } from '../mail/site.ts';
import { queueSiteMail } from '../mail/siteMail.ts';
import { issueToken, redeemToken } from '../mail/tokens.ts';
import type { Database, Queryable } from '../storage/db.ts';

/** How long a verification link works. */
export const VERIFY_LINK_MS = 24 * 60 * 60_000;

/** The answers a person reads when verifying goes well. */
export const VERIFY_MESSAGES = {
  verified: 'Your email address is verified.',
  sent: 'We sent a new link to your address. It works for 24 hours.',
} as const;

/** Queues the verification mail for an account (inside the caller's transaction, if any). */
export async function queueVerificationMail(
  db: Queryable,
  config: Config,
  account: { id: number; email: string },
): Promise<void> {
  const token = await issueToken(db, { userId: account.id, purpose: 'verify' }, VERIFY_LINK_MS);
  await queueSiteMail(db, config, (name) => ({
    to: account.email,
    subject: `Confirm your email address for ${name}`,
    lines: [
      `Welcome to ${name}. Please confirm that this address is yours: we use it to reset a forgotten password and to tell you about sign-ins and withdrawals.`,
      'The link below works once, for 24 hours.',
    ],
    action: { label: 'Confirm my address', url: linkTo(config, `/verify-email?token=${token}`) },
    why: `You get this mail because an account was opened with ${account.email} on ${name}.`,
    notYou:
      'If it was not you, ignore this mail: the address stays unconfirmed, and nothing else is sent to it unless asked for.',
  }));
}

/** Verifies the address the token was mailed to. */
export async function verifyEmail(db: Database, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const { userId } = await redeemToken(trx, token, 'verify', now);
    await trx
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
      .where('id', '=', userId)
      .execute();
  });
}

/** Mails the link again to an account whose address is not verified yet. */
export async function resendVerification(
  db: Database,
  config: Config,
  userId: number,
): Promise<void> {
  const account = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (account.email_verified_at !== null) throw refusal('account.emailAlreadyVerified');
  await db.transaction().execute((trx) => queueVerificationMail(trx, config, account));
}
