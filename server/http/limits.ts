/**
 * In-memory rate limits (rate-limiter-flexible), one set per server instance. Sign-in counts
 * failures per account and per IP (OWASP Authentication Cheat Sheet); sign-up is limited per IP
 * because each one costs a deliberately slow password hash, and visitor chats per IP because each
 * one adds a users row and a session that nothing else bounds.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** The limiters a server instance shares between requests. */
export interface Limits {
  /** Every API call, per IP; null when API_RATE_LIMIT is 0. */
  api: RateLimiterMemory | null;
  /** Failed sign-ins per account (normalised email). */
  signInAccount: RateLimiterMemory;
  /** Failed sign-ins per IP. */
  signInIp: RateLimiterMemory;
  /** Sign-up attempts (valid params) per IP. */
  signUpIp: RateLimiterMemory;
  /** Visitor chats started (support.startVisitor with valid params) per IP. */
  visitorIp: RateLimiterMemory;
  /** Wrong two-factor codes per account (user id), wherever a code is asked for. */
  twoFactorAccount: RateLimiterMemory;
  /** Mails asked for by a person (a password reset link, a verification link again) per address. */
  mailAddress: RateLimiterMemory;
  /** The same, per IP, so one machine cannot walk through many addresses. */
  mailIp: RateLimiterMemory;
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

/** Builds a fresh set of limiters. */
export function createLimits(apiPerMinute: number): Limits {
  return {
    api:
      apiPerMinute > 0 ? new RateLimiterMemory({ points: apiPerMinute, duration: MINUTE }) : null,
    signInAccount: new RateLimiterMemory({ points: SIGN_IN_ACCOUNT_POINTS, duration: 15 * MINUTE }),
    signInIp: new RateLimiterMemory({ points: SIGN_IN_IP_POINTS, duration: 15 * MINUTE }),
    signUpIp: new RateLimiterMemory({ points: SIGN_UP_IP_POINTS, duration: 60 * MINUTE }),
    visitorIp: new RateLimiterMemory({ points: VISITOR_IP_POINTS, duration: 60 * MINUTE }),
    twoFactorAccount: new RateLimiterMemory({ points: TWO_FACTOR_POINTS, duration: 15 * MINUTE }),
    mailAddress: new RateLimiterMemory({ points: MAIL_ADDRESS_POINTS, duration: 60 * MINUTE }),
    mailIp: new RateLimiterMemory({ points: MAIL_IP_POINTS, duration: 60 * MINUTE }),
  };
}

/** Milliseconds until a key may try again, or 0 when it is not blocked. */
export async function blockedFor(limiter: RateLimiterMemory, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state !== null && state.consumedPoints >= limiter.points ? state.msBeforeNext : 0;
}

/** Counts one attempt; returns milliseconds to wait when that went over the limit, else 0. */
export async function spend(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
    throw rejection;
  }
}

/** "N seconds" or "N minutes", for messages that say when to retry. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
