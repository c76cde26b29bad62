/**
 * A forgotten password: the person gives their address and, if an account uses it, a link that
 * sets a new password is mailed (single use, 30 minutes). The answer is the same either way, so
 * the form tells nobody which addresses have accounts. Setting the new password ends every
 * session of the account (whoever knew the old one is signed out) and mails a notice.
 */
import type { Config } from '../config.ts';
import { linkTo } from '../mail/site.ts';
import { queueSiteMail } from '../mail/siteMail.ts';
import { issueToken, redeemToken } from '../mail/tokens.ts';
import type { Database } from '../storage/db.ts';
import { hashPassword } from './passwords.ts';

/** How long a reset link works. */
export const RESET_LINK_MS = 30 * 60_000;

/** The one answer to a request for a reset link. */
export const RESET_REQUESTED =
  'If an account uses this address, a link to set a new password is on its way. It works for 30 minutes; check your spam folder if it does not arrive.';

/** Queues a reset link for the account that uses `email`, if there is one. */
export async function requestPasswordReset(
  db: Database,
  config: Config,
  email: string,
): Promise<void> {
  const account = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .where('is_visitor', '=', false)
    .where('is_blocked', '=', false)
    .executeTakeFirst();
  if (account === undefined) return;
  await db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, { userId: account.id, purpose: 'reset' }, RESET_LINK_MS);
    await queueSiteMail(trx, config, (name) => ({
      to: account.email,
      subject: `Set a new ${name} password`,
      lines: [
        'Someone, hopefully you, asked to set a new password for your account.',
        'The link below works once, for 30 minutes. Setting a new password signs your account out everywhere.',
      ],
      action: {
        label: 'Set a new password',
        url: linkTo(config, `/reset-password?token=${token}`),
      },
      why: `You get this mail because a new password was asked for ${account.email} on ${name}.`,
      notYou:
        'If it was not you, ignore this mail: your password stays as it is. Nobody from our team will ever ask you for this link.',
    }));
  });
}

/**
 * Sets a new password with a reset token; answers the account's id and the sessions it ended (so
 * their sockets can be closed). The token, the password and the notice commit together.
 */
export async function resetPassword(
  db: Database,
  config: Config,
  token: string,
  password: string,
): Promise<{ userId: number; endedSessions: number[] }> {
  const passwordHash = await hashPassword(password, config.passwordCost);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const { userId } = await redeemToken(trx, token, 'reset', now);
    const account = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      // Following the mailed link proves the address reaches its owner.
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
      .where('id', '=', userId)
      .returning(['email'])
      .executeTakeFirstOrThrow();
    const ended = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    await queueSiteMail(trx, config, (name) => ({
      to: account.email,
      subject: `Your ${name} password was changed`,
      lines: [
        `The password of your account was changed on ${now.toUTCString()} with a link mailed to this address.`,
        'Every device that was signed in has been signed out.',
      ],
      action: { label: 'Sign in', url: linkTo(config, '/signin') },
      why: `You get this mail because the password of ${account.email} on ${name} changed.`,
      notYou:
        'If it was not you, set a new password at once with "Forgot password?" on the sign-in page and tell live support: withdrawals stay paused for a while after a password change.',
    }));
    return { userId, endedSessions: ended.map((row) => row.id) };
  });
}
