/**
 * A key is a standing power over the account, so creating one asks the person again: the
 * password (wrong guesses count against the sign-in limit per account, as a password change's
 * do) and, with two-factor on, a code (through the account's own two-factor checks and limit).
 * Refusals name this method's own parameters, `password` and `twoFactorCode`.
 */
import { passwordAttempt } from '../accounts/changePassword.ts';
import type { TwoFactorContext } from '../accounts/twoFactor.ts';
import { verifySecondFactor } from '../accounts/twoFactor.ts';
import type { UserRow } from '../accounts/users.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';

/** What the person typed to confirm. */
export interface Confirmation {
  password: string;
  twoFactorCode?: string | undefined;
}

/** Refuses unless the password is right and, with two-factor on, the code too. */
export async function confirmPerson(
  ctx: TwoFactorContext & { limits: Parameters<typeof passwordAttempt>[0] },
  user: UserRow,
  typed: Confirmation,
): Promise<void> {
  const passed = await passwordAttempt(ctx.limits, user, typed.password);
  if (!passed) throw refusal('apiKeys.wrongPassword');
  if (!user.two_factor) return;
  const code = typed.twoFactorCode?.trim() ?? '';
  try {
    if (code === '') throw refusal('twoFactor.required');
    await verifySecondFactor(ctx, user.id, code);
  } catch (error) {
    if (!(error instanceof DomainError) || error.param !== 'code') throw error;
    throw new DomainError(
      { ...error, message: error.message, param: 'twoFactorCode' },
      error.fields,
    );
  }
}
