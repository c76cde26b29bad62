/**
 * Two-factor sign-in with an authenticator app: a set-up that waits for its first code, turning it
 * on (with recovery codes) and off, and the check of a code wherever one is asked for. Every wrong
 * code counts against the account's limit, and a code's time step is stored when it is accepted,
 * so neither a guess nor a code seen over someone's shoulder works twice (RFC 6238 §5.2).
 */
import type { TwoFactorSetup } from '../../core/protocol/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import { blockedFor, type Limits, spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recoveryCodes.ts';
import { openSecret, sealSecret } from './secretBox.ts';
import { codeStep, newTotpSecret, totpUri } from './totp.ts';

/** The answer to a sign-in with the right password but no code, when two-factor is on. */
export const TWO_FACTOR_REQUIRED =
  'Enter the 6-digit code from your authenticator app, or a recovery code.';

/** The answer to a code that is not the current one (or not a code at all). */
export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';

/** The answer to a code whose time step was already accepted. */
export const USED_CODE =
  'That code has already been used. Wait for the next one in your authenticator app.';

/** The answer to a recovery code used before. */
export const USED_RECOVERY_CODE = 'That recovery code has already been used.';

/** The answer to setting up two-factor when it is on. */
export const ALREADY_ON = 'Two-factor authentication is already on.';

/** The answer to turning off two-factor when it is off. */
export const NOT_ON = 'Two-factor authentication is not on.';

/** The answer to a first code with no set-up waiting for it. */
export const NO_SETUP = 'Start setting up two-factor authentication first.';

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
  if (row === undefined) throw new DomainError(ALREADY_ON);
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
  if (row === undefined) throw new DomainError(NO_SETUP);
  if (row.enabled_at !== null) throw new DomainError(ALREADY_ON);
  const step = codeStep(openSecret(ctx.key, userId, row.secret), code.trim(), now);
  if (step === null) return refuse(ctx, userId, WRONG_CODE);
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
    if (enabled === undefined) throw new DomainError(ALREADY_ON);
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
  if (row === undefined) throw new DomainError(NOT_ON);
  const digits = typed.replace(/\s/g, '');
  if (/^\d+$/.test(digits)) {
    const step = codeStep(openSecret(ctx.key, userId, row.secret), digits, now);
    if (step === null) return refuse(ctx, userId, WRONG_CODE);
    // Conditional, so two requests with one code cannot both pass.
    const accepted = await ctx.db
      .updateTable('two_factor_secrets')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .returning('user_id')
      .executeTakeFirst();
    if (accepted === undefined) return refuse(ctx, userId, USED_CODE);
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
  if (code === null) return refuse(ctx, userId, WRONG_CODE);
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
  return refuse(ctx, userId, before === undefined ? WRONG_CODE : USED_RECOVERY_CODE);
}

async function refuseWhenBlocked(ctx: TwoFactorContext, userId: number): Promise<void> {
  const wait = await blockedFor(ctx.limits.twoFactorAccount, String(userId));
  if (wait > 0) {
    throw new DomainError(`Too many wrong codes. Please try again in ${waitText(wait)}.`);
  }
}

/** Counts a wrong code against the account, then refuses it. */
async function refuse(ctx: TwoFactorContext, userId: number, message: string): Promise<never> {
  await spend(ctx.limits.twoFactorAccount, String(userId));
  throw new DomainError(message);
}
