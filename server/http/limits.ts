/**
 * Rate limits (rate-limiter-flexible), one set per server instance, counted where
 * limiterStores.ts says: in memory on PGlite, in PostgreSQL (shared by every server) there. Sign-in counts
 * failures per account and per IP (OWASP Authentication Cheat Sheet); sign-up is limited per IP
 * because each one costs a deliberately slow password hash, and visitor chats per IP because each
 * one adds a users row and a session that nothing else bounds.
 */
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { type LimiterMaker, memoryLimiters } from './limiterStores.ts';

/** The limiters a server instance shares between requests. */
export interface Limits {
  /** Every API call, per IP; null when API_RATE_LIMIT is 0. */
  api: RateLimiterAbstract | null;
  /** Every signed call's weight, per API key; null when API_KEY_RATE_LIMIT is 0. */
  apiKey: RateLimiterAbstract | null;
  /** Failed sign-ins per account (normalised email). */
  signInAccount: RateLimiterAbstract;
  /** Failed sign-ins per IP. */
  signInIp: RateLimiterAbstract;
  /** Sign-up attempts (valid params) per IP. */
  signUpIp: RateLimiterAbstract;
  /** Visitor chats started (support.startVisitor with valid params) per IP. */
  visitorIp: RateLimiterAbstract;
  /** Wrong two-factor codes per account (user id), wherever a code is asked for. */
  twoFactorAccount: RateLimiterAbstract;
  /** Mails asked for by a person (a password reset link, a verification link again) per address. */
  mailAddress: RateLimiterAbstract;
  /** The same, per IP, so one machine cannot walk through many addresses. */
  mailIp: RateLimiterAbstract;
  /** Support chat messages per sender a minute; null when SUPPORT_RATE_LIMIT is 0. */
  supportSend: RateLimiterAbstract | null;
}

/** The configurable rates, per minute; 0 turns a limit off. */
export interface LimitRates {
  api: number;
  /** Weight per API key per minute (API_KEY_RATE_LIMIT); absent: off. */
  apiKey?: number;
  supportSends: number;
}

const MINUTE = 60;

/** Failed sign-ins allowed per account in SIGN_IN_WINDOW. */
export const SIGN_IN_ACCOUNT_POINTS = 5;
/** Failed sign-ins allowed per IP in SIGN_IN_WINDOW. */
export const SIGN_IN_IP_POINTS = 20;
/** Sign-up attempts allowed per IP per hour. */
export const SIGN_UP_IP_POINTS = 20;
/** Visitor chats allowed per IP per hour. */
export const VISITOR_IP_POINTS = 20;
/**
 * Wrong two-factor codes allowed per account in 15 minutes (RFC 4226 §7.3, throttling): with three
 * codes of a million valid at a time, guessing one takes about two years on average at this rate.
 */
export const TWO_FACTOR_POINTS = 5;
/** Mails a person may ask for per address per hour. */
export const MAIL_ADDRESS_POINTS = 3;
/** Mails asked for per IP per hour. */
export const MAIL_IP_POINTS = 20;

/** Builds a fresh set of limiters, made by `make` (in memory unless told otherwise). */
export function createLimits(rates: LimitRates, make: LimiterMaker = memoryLimiters): Limits {
  const limiter = (name: string, points: number, seconds: number) =>
    make({ name, points, seconds });
  // Spent on every call or message: a client over the limit is refused without asking the store.
  const perMinute = (name: string, points: number) =>
    points > 0 ? make({ name, points, seconds: MINUTE, blockInMemory: true }) : null;
  return {
    api: perMinute('api', rates.api),
    apiKey: perMinute('api-key', rates.apiKey ?? 0),
    signInAccount: limiter('sign-in-account', SIGN_IN_ACCOUNT_POINTS, 15 * MINUTE),
    signInIp: limiter('sign-in-ip', SIGN_IN_IP_POINTS, 15 * MINUTE),
    signUpIp: limiter('sign-up-ip', SIGN_UP_IP_POINTS, 60 * MINUTE),
    visitorIp: limiter('visitor-ip', VISITOR_IP_POINTS, 60 * MINUTE),
    twoFactorAccount: limiter('two-factor-account', TWO_FACTOR_POINTS, 15 * MINUTE),
    mailAddress: limiter('mail-address', MAIL_ADDRESS_POINTS, 60 * MINUTE),
    mailIp: limiter('mail-ip', MAIL_IP_POINTS, 60 * MINUTE),
    supportSend: perMinute('support-send', rates.supportSends),
  };
}

/** Milliseconds until a key may try again, or 0 when it is not blocked. */
export async function blockedFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state !== null && state.consumedPoints >= limiter.points ? state.msBeforeNext : 0;
}

/** Counts one attempt; returns milliseconds to wait when that went over the limit, else 0. */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
    throw rejection;
  }
}

/** Where a key stands in its window, as the RateLimit-* headers tell it. */
export interface LimitState {
  /** The points of a window. */
  limit: number;
  /** Points left in this window. */
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
  /** Milliseconds to wait when this spending went over the limit (it was refused), else 0. */
  wait: number;
}

/** Spends `points` (a method's weight) of `key`'s window and tells where the key stands. */
export async function take(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<LimitState> {
  const state = (res: RateLimiterRes, wait: number): LimitState => ({
    limit: limiter.points,
    remaining: Math.max(0, res.remainingPoints),
    resetMs: Math.max(0, res.msBeforeNext),
    wait,
  });
  try {
    return state(await limiter.consume(key, points), 0);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return state(rejection, Math.max(1, rejection.msBeforeNext));
    }
    throw rejection;
  }
}

/** Where `key` stands without spending, or null when it has spent nothing in this window. */
export async function standing(
  limiter: RateLimiterAbstract,
  key: string,
): Promise<LimitState | null> {
  const res = await limiter.get(key);
  if (res === null) return null;
  const blocked = res.consumedPoints >= limiter.points;
  return {
    limit: limiter.points,
    remaining: Math.max(0, limiter.points - res.consumedPoints),
    resetMs: Math.max(0, res.msBeforeNext),
    wait: blocked ? Math.max(1, res.msBeforeNext) : 0,
  };
}

/** "N seconds" or "N minutes", for messages that say when to retry. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
