/**
 * users.* methods: sign-up, sign-in (with two-factor), logout and the profile query,
 * and the account's security settings: two-factor, password and sessions.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { siteName } from '../../core/format/index.ts';
import type { User } from '../../core/protocol/index.ts';
import { changePassword } from '../accounts/changePassword.ts';
import {
  queueVerificationMail,
  resendVerification,
  VERIFY_MESSAGES,
  verifyEmail,
} from '../accounts/emailVerification.ts';
import { noteSignIn } from '../accounts/newDevice.ts';
import { listSessions, revokeOtherSessions } from '../accounts/otherSessions.ts';
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from '../accounts/passwordReset.ts';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../accounts/passwords.ts';
import { toProfile } from '../accounts/profile.ts';
import {
  broughtFor,
  type Caller,
  type CallerColumns,
  createSession,
  revokeSession,
  sessionOf,
} from '../accounts/sessions.ts';
import {
  beginTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  type TwoFactorContext,
  verifySecondFactor,
} from '../accounts/twoFactor.ts';
import {
  createUser,
  findReferrer,
  findUserByEmail,
  normaliseEmail,
  type UserRow,
} from '../accounts/users.ts';
import { MIN_PASSWORD_LENGTH } from '../config.ts';
import { loadSiteConfig, siteConfigOf, siteSettingsColumn } from '../content/siteConfig.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import { params, words } from '../http/fields.ts';
import { blockedFor, spend, waitText } from '../http/limits.ts';
import type { Queryable } from '../storage/db.ts';
import { newestTradeColumn, priceCharts, priceChartsAfter } from '../trading/candles.ts';
import { totalsOf, walletTotals, walletValuesColumn } from '../wallet/wallets.ts';
import { defineMethod, type Method, type RequestContext } from './registry.ts';

/** The one answer to any failed sign-in, so it never tells which half was wrong. */
export const WRONG_CREDENTIALS = 'Wrong email or password.';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
// A cap keeps a megabyte "password" from costing a megabyte of hashing.
const password = z.string().max(1024);
// What sign-up stores the hash of: the characters a later sign-in will send exactly as typed.
const newPassword = words({ max: 1024, min: MIN_PASSWORD_LENGTH, multiline: true, trim: false });
// An authenticator code (6 digits) or a recovery code (10 characters, maybe with a dash and spaces).
const code = words({ min: 1, max: 32 });

const signUp = defineMethod({
  name: 'users.signUp',
  access: 'public',
  params: params({
    email,
    password: newPassword,
    login: words({ min: 1, max: 64 }).exactOptional(),
    ref: words({ max: 64 }).exactOptional(),
  }),
  async handler(params, ctx) {
    const { db, ip } = ctx;
    // The product's own synthetic addresses (visitors, the demo market's accounts) are under
    // .invalid, where no mailbox can be (RFC 2606 §2), so no account may sign up there.
    if (/\.invalid$/i.test(params.email)) {
      throw refusal('account.invalidEmail');
    }
    const wait = await spend(ctx.limits.signUpIp, ip);
    if (wait > 0) {
      throw refusal('account.tooManySignUps', { wait: waitText(wait) });
    }
    // Checked before the slow hash so a duplicate answers at once; createUser checks again.
    if ((await findUserByEmail(db, params.email)) !== undefined) {
      throw refusal('account.duplicateEmail');
    }
    const passwordHash = await hashPassword(params.password, ctx.config.passwordCost);
    const referredBy = params.ref === undefined ? null : await findReferrer(db, params.ref);
    const user = await createUser(db, {
      email: params.email,
      passwordHash,
      login: params.login ?? params.email.split('@')[0]?.slice(0, 64) ?? params.email,
      ip,
      domain: ctx.host,
      referredBy,
    });
    // After the account exists: a mail that cannot be queued must not undo the sign-up (the
    // banner's button sends the link again).
    await queueVerificationMail(db, ctx.config, user).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'verification mail not queued'),
    );
    // The device it was opened from is the account's first: no new-device mail for it.
    await noteSignIn(db, ctx.config, user, ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'sign-up device not recorded'),
    );
    const token = await createSession(db, user.id, ip, ctx.config.sessionDays);
    const profile = await loadProfile(db, user);
    // A mistyped or stale link must not cost a person their sign-up: it proceeds, and says so.
    if (params.ref !== undefined && referredBy === null) {
      return { token, user: profile, referralNotice: unknownReferralCode(params.ref) };
    }
    return { token, user: profile };
  },
});

/** The notice of a sign-up whose referral code matched no account. */
export function unknownReferralCode(code: string): string {
  return `The referral code "${code.trim()}" matches no account, so your account was created without a referrer.`;
}

/**
 * The profile the wire carries, with the account's wallet totals: accounts, the wallet and the
 * market's price charts meet here, above all three.
 */
export async function loadProfile(db: Queryable, row: UserRow): Promise<User> {
  return toProfile(row, await walletTotals(db, row.id, priceCharts));
}

const signIn = defineMethod({
  name: 'users.signIn',
  access: 'public',
  params: params({ email, password: password.min(1), code: code.exactOptional() }),
  async handler(params, ctx) {
    const { db, ip, limits } = ctx;
    const account = normaliseEmail(params.email);
    const wait = Math.max(
      await blockedFor(limits.signInAccount, account),
      await blockedFor(limits.signInIp, ip),
    );
    if (wait > 0) {
      throw refusal('account.tooManySignIns', { wait: waitText(wait) });
    }
    const found = await findUserByEmail(db, account);
    // A visitor's row is no account: it answers exactly like an unknown email, slow hash included.
    const user = found?.is_visitor ? undefined : found;
    const ok = await verifyPassword(
      params.password,
      user?.password_hash ?? dummyPasswordHash(ctx.config.passwordCost),
    );
    if (user === undefined || !ok) {
      await spend(limits.signInAccount, account);
      await spend(limits.signInIp, ip);
      throw refusal('account.wrongCredentials');
    }
    if (user.is_blocked) throw refusal('account.blocked');
    await limits.signInAccount.delete(account);
    if (user.two_factor) await checkSignInCode(ctx, user.id, params.code);
    const cost = ctx.config.passwordCost;
    const rehash = needsRehash(user.password_hash, cost)
      ? await hashPassword(params.password, cost)
      : null;
    await db
      .updateTable('users')
      .set({
        updated_at: new Date(),
        updated_ip: ip,
        ...(rehash === null ? {} : { password_hash: rehash }),
      })
      .where('id', '=', user.id)
      .execute();
    // Not caught, unlike at sign-up: a sign-in its owner could not be told about does not happen.
    await noteSignIn(db, ctx.config, user, ctx);
    const token = await createSession(db, user.id, ip, ctx.config.sessionDays);
    return { token, user: await loadProfile(db, user) };
  },
});

const logout = defineMethod({
  name: 'users.logout',
  access: 'user',
  params: params({}),
  async handler(_params, ctx) {
    const sessionId = sessionOf(ctx.caller);
    await revokeSession(ctx.db, sessionId);
    ctx.events.publish('access.ended', { sessionId });
    return {};
  },
});

/**
 * What users.getInfo needs besides the caller, brought by the caller's lookup in the same
 * statement: the values of the account's wallets (what the totals read, not whole wallets), the
 * newest trade's id (the price charts, kept in memory, change only with it and the hour) and the
 * stored site settings (made into the config in memory until they change). One statement
 * answers a signed-in route change, on any server.
 */
const PROFILE_COLUMNS = {
  wallets: walletValuesColumn(sql.ref('users.id')),
  newestTrade: newestTradeColumn,
  settings: siteSettingsColumn,
} satisfies CallerColumns;

const getInfo = defineMethod({
  name: 'users.getInfo',
  access: 'public',
  params: params({}),
  callerColumns: PROFILE_COLUMNS,
  async handler(_params, ctx) {
    const brought = broughtFor(ctx.caller, PROFILE_COLUMNS);
    const config =
      brought === null
        ? await loadSiteConfig(ctx.db, ctx.config.site)
        : siteConfigOf(brought.settings, ctx.config.site);
    // The config comes with the user query, so a signed-out person gets it with the
    // refusal; a support-chat visitor has no profile to show and gets the same answer.
    if (ctx.caller === null || ctx.caller.user.is_visitor) {
      throw refusal('access.signInRequired').with({ config });
    }
    if (brought === null) return { user: await loadProfile(ctx.db, ctx.caller.user), config };
    const charts = await priceChartsAfter(ctx.db, brought.newestTrade);
    const totals = totalsOf(brought.wallets, charts);
    return { user: toProfile(ctx.caller.user, totals), config };
  },
});

/**
 * The second step of a sign-in with two-factor on: every refusal carries `twoFactorRequired`, so
 * the page asks for a code (again) rather than for the password.
 */
async function checkSignInCode(ctx: RequestContext, userId: number, typed: string | undefined) {
  if (typed === undefined) throw refusal('twoFactor.required').with({ twoFactorRequired: true });
  try {
    await verifySecondFactor(twoFactor(ctx), userId, typed);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw error.with({ twoFactorRequired: true });
  }
}

function twoFactor(ctx: Pick<RequestContext, 'db' | 'config' | 'limits'>): TwoFactorContext {
  return { db: ctx.db, key: ctx.config.twoFactorKey, limits: ctx.limits };
}

/** The caller's profile as it is now (after a change the request's own row is stale). */
async function freshProfile(ctx: Pick<RequestContext, 'db'>, caller: Caller) {
  const row = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', caller.user.id)
    .executeTakeFirstOrThrow();
  return loadProfile(ctx.db, row);
}

const beginTwoFactorMethod = defineMethod({
  name: 'users.beginTwoFactor',
  access: 'user',
  params: params({}),
  async handler(_params, ctx) {
    // The entry's name in the app: the site the person signed up on, then their email.
    return beginTwoFactor(
      twoFactor(ctx),
      ctx.caller.user,
      ctx.config.site.name ?? siteName(ctx.host),
    );
  },
});

const enableTwoFactorMethod = defineMethod({
  name: 'users.enableTwoFactor',
  access: 'user',
  params: params({ code }),
  async handler(params, ctx) {
    const recoveryCodes = await enableTwoFactor(twoFactor(ctx), ctx.caller.user.id, params.code);
    return { recoveryCodes, user: await freshProfile(ctx, ctx.caller) };
  },
});

const disableTwoFactorMethod = defineMethod({
  name: 'users.disableTwoFactor',
  access: 'user',
  params: params({ code }),
  async handler(params, ctx) {
    await disableTwoFactor(twoFactor(ctx), ctx.caller.user.id, params.code);
    return { user: await freshProfile(ctx, ctx.caller) };
  },
});

const changePasswordMethod = defineMethod({
  name: 'users.changePassword',
  access: 'user',
  params: params({ currentPassword: password.min(1), newPassword }),
  async handler(params, ctx) {
    const ended = await changePassword(
      ctx.db,
      ctx.limits,
      { user: ctx.caller.user, sessionId: sessionOf(ctx.caller) },
      params.currentPassword,
      params.newPassword,
      ctx.config.passwordCost,
    );
    for (const sessionId of ended) ctx.events.publish('access.ended', { sessionId });
    return { endedSessions: ended.length };
  },
});

const getSessions = defineMethod({
  name: 'users.getSessions',
  access: 'user',
  params: params({}),
  async handler(_params, ctx) {
    return { sessions: await listSessions(ctx.db, ctx.caller.user.id, sessionOf(ctx.caller)) };
  },
});

const endOtherSessions = defineMethod({
  name: 'users.endOtherSessions',
  access: 'user',
  params: params({}),
  async handler(_params, ctx) {
    const ended = await revokeOtherSessions(ctx.db, ctx.caller.user.id, sessionOf(ctx.caller));
    for (const sessionId of ended) ctx.events.publish('access.ended', { sessionId });
    return { endedSessions: ended.length };
  },
});

const forgotPassword = defineMethod({
  name: 'users.forgotPassword',
  access: 'public',
  params: params({ email }),
  async handler(params, ctx) {
    // Counted whether or not an account uses the address, so the answers stay alike.
    const wait = Math.max(
      await spend(ctx.limits.mailIp, ctx.ip),
      await spend(ctx.limits.mailAddress, params.email),
    );
    if (wait > 0) {
      throw refusal('account.tooManyLinks', { wait: waitText(wait) });
    }
    await requestPasswordReset(ctx.db, ctx.config, params.email);
    return { message: RESET_REQUESTED };
  },
});

const verifyEmailMethod = defineMethod({
  name: 'users.verifyEmail',
  access: 'public',
  // `token` names the session in every call's envelope, so the link's token has its own name.
  params: params({ verifyToken: words({ min: 1, max: 128 }) }),
  async handler(params, ctx) {
    await verifyEmail(ctx.db, params.verifyToken);
    return { message: VERIFY_MESSAGES.verified };
  },
});

const resendVerificationMethod = defineMethod({
  name: 'users.resendVerification',
  access: 'user',
  params: params({}),
  async handler(_params, ctx) {
    const wait = await spend(ctx.limits.mailAddress, ctx.caller.user.email);
    if (wait > 0) {
      throw refusal('account.tooManyLinks', { wait: waitText(wait) });
    }
    await resendVerification(ctx.db, ctx.config, ctx.caller.user.id);
    return { message: VERIFY_MESSAGES.sent };
  },
});

// Security mails (sign-ins, passwords, withdrawals) cannot be turned off: only the optional ones.
const setMailNotices = defineMethod({
  name: 'users.setMailNotices',
  access: 'user',
  params: params({ supportReplies: z.boolean() }),
  async handler(params, ctx) {
    await ctx.db
      .updateTable('users')
      .set({ mail_support_replies: params.supportReplies })
      .where('id', '=', ctx.caller.user.id)
      .execute();
    return { user: await freshProfile(ctx, ctx.caller) };
  },
});

const resetPasswordMethod = defineMethod({
  name: 'users.resetPassword',
  access: 'public',
  // `token` names the session in every call's envelope, so the link's token has its own name.
  params: params({ resetToken: words({ min: 1, max: 128 }), password: newPassword }),
  async handler(params, ctx) {
    const { endedSessions } = await resetPassword(
      ctx.db,
      ctx.config,
      params.resetToken,
      params.password,
    );
    for (const sessionId of endedSessions) ctx.events.publish('access.ended', { sessionId });
    return { endedSessions: endedSessions.length };
  },
});

/** The users.* methods. */
export const userMethods: readonly Method[] = [
  signUp,
  signIn,
  logout,
  getInfo,
  beginTwoFactorMethod,
  enableTwoFactorMethod,
  disableTwoFactorMethod,
  changePasswordMethod,
  getSessions,
  endOtherSessions,
  forgotPassword,
  resetPasswordMethod,
  verifyEmailMethod,
  resendVerificationMethod,
  setMailNotices,
];
