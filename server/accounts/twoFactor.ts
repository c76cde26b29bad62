/**
 * Two-factor sign-in with an authenticator app: a set-up that waits for its first code, turning it
 * on (with recovery codes) and off, and the check of a code wherever one is asked for. Every wrong
 * code counts against the account's limit, and a code's time step is stored when it is accepted,
 * so neither a guess nor a code seen over someone's shoulder works twice (RFC 6238 §5.2).
 */

import { errorText } from '../../core/errors/index.ts';
import type { TwoFactorSetup } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import { blockedFor, type Limits, spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recoveryCodes.ts';
import { openSecret, sealSecret } from './secretBox.ts';
import { codeStep, newTotpSecret, totpUri } from './totp.ts';

/** The words of a wrong code, for callers outside accounts that still compare words. */
export const WRONG_CODE = errorText('twoFactor.wrongCode');

/** What the two-factor functions need from the server. */
export interface TwoFactorContext {
  db: Database;
  /** The key secrets are sealed with (config.twoFactorKey). */
  key: string;
  limits: Pick<Limits, 'twoFactorAccount'>;
}

/** The account being set up or checked. */
export interface TwoFactorAccount {
  id: number;
  email: string;
}

/**
 * Starts a set-up: a new secret replaces any set-up still waiting, and stays off until a first
 * code confirms it (enableTwoFactor), so a person who never finishes is not locked out.
 */
export async function beginTwoFactor(
  ctx: TwoFactorContext,
  account: TwoFactorAccount,
  issuer: string,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.key, account.id, secret);
  const row = await ctx.db
    .insertInto('two_factor_secrets')
    .values({ user_id: account.id, secret: sealed, enabled_at: null })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret: sealed, created_at: new Date(), last_step: 0 })
        .where('two_factor_secrets.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (row === undefined) throw refusal('twoFactor.alreadyOn');
  return { uri: totpUri(secret, issuer, account.email), key: secret };
}

/** Turns two-factor on with the set-up's first code; returns the recovery codes, shown once. */
export async function enableTwoFactor(
  ctx: TwoFactorContext,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  await refuseWhenBlocked(ctx, userId);
  const row = await ctx.db
    .selectFrom('two_factor_secrets')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) throw refusal('twoFactor.noSetup');
  if (row.enabled_at !== null) throw refusal('twoFactor.alreadyOn');
  const step = codeStep(openSecret(ctx.key, userId, row.secret), code.trim(), now);
  if (step === null) return refuse(ctx, userId, 'twoFactor.wrongCode');
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('two_factor_secrets')
      .set({ enabled_at: new Date(now), last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    // Two confirmations at once: the first one wins and its codes stand.
    if (enabled === undefined) throw refusal('twoFactor.alreadyOn');
    await trx.updateTable('users').set({ two_factor: true }).where('id', '=', userId).execute();
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(
        codes.map((shown) => ({
          user_id: userId,
          code_hash: recoveryCodeHash(ctx.key, normaliseRecoveryCode(shown) ?? shown),
          used_at: null,
        })),
      )
      .execute();
  });
  await ctx.limits.twoFactorAccount.delete(String(userId));
  return codes;
}

/**
 * Checks a second factor of an account with two-factor on: the app's current code (each time step
 * once) or an unused recovery code (then used up). Throws DomainError for a wrong, used or
 * rate-limited code.
 */
export async function verifySecondFactor(
  ctx: TwoFactorContext,
  userId: number,
  typed: string,
  now = Date.now(),
): Promise<void> {
  await refuseWhenBlocked(ctx, userId);
  const row = await ctx.db
    .selectFrom('two_factor_secrets')
    .select('secret')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (row === undefined) throw refusal('twoFactor.notOn');
  const digits = typed.replace(/\s/g, '');
  if (/^\d+$/.test(digits)) {
    const step = codeStep(openSecret(ctx.key, userId, row.secret), digits, now);
    if (step === null) return refuse(ctx, userId, 'twoFactor.wrongCode');
    // Conditional, so two requests with one code cannot both pass.
    const accepted = await ctx.db
      .updateTable('two_factor_secrets')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .returning('user_id')
      .executeTakeFirst();
    if (accepted === undefined) return refuse(ctx, userId, 'twoFactor.usedCode');
  } else {
    await spendRecoveryCode(ctx, userId, typed);
  }
  await ctx.limits.twoFactorAccount.delete(String(userId));
}

/** Turns two-factor off after checking a code; records when, for the withdrawal pause. */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<void> {
  await verifySecondFactor(ctx, userId, code, now);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({ two_factor: false, two_factor_off_at: new Date(now) })
      .where('id', '=', userId)
      .execute();
  });
}

async function spendRecoveryCode(ctx: TwoFactorContext, userId: number, typed: string) {
  const code = normaliseRecoveryCode(typed);
  if (code === null) return refuse(ctx, userId, 'twoFactor.wrongCode');
  const hash = recoveryCodeHash(ctx.key, code);
  const used = await ctx.db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (used !== undefined) return;
  const before = await ctx.db
    .selectFrom('two_factor_recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return refuse(
    ctx,
    userId,
    before === undefined ? 'twoFactor.wrongCode' : 'twoFactor.usedRecoveryCode',
  );
}

async function refuseWhenBlocked(ctx: TwoFactorContext, userId: number): Promise<void> {
  const wait = await blockedFor(ctx.limits.twoFactorAccount, String(userId));
  if (wait > 0) {
    throw refusal('twoFactor.tooManyWrongCodes', { wait: waitText(wait) });
  }
}

/** Counts a wrong code against the account, then refuses it. */
async function refuse(
  ctx: TwoFactorContext,
  userId: number,
  code: 'twoFactor.wrongCode' | 'twoFactor.usedCode' | 'twoFactor.usedRecoveryCode',
): Promise<never> {
  await spend(ctx.limits.twoFactorAccount, String(userId));
  throw refusal(code);
}
