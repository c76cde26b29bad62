/** The referral programme on the wire: an account's code, the accounts it referred, its earnings. */
import type { Ticker } from './common.ts';

/** What the referral share of fees has paid an account in one currency, and its USD value now. */
export interface ReferralEarning {
  ticker: Ticker;
  /** An exact decimal string. */
  amount: string;
  /** `amount` at the currency's current price, as an exact decimal string. */
  usd: string;
}

/** An account's side of the referral programme. */
export interface ReferralSummary {
  /** The code a referral link carries as `?ref=`. */
  code: string;
  /** How many accounts signed up with the code. */
  referred: number;
  /** The share of each fee a referred account pays that is credited here ("0.2" = 20 %). */
  share: string;
  /** Per currency, in listing order; only currencies something was earned in. */
  earnings: ReferralEarning[];
  /** The sum of the earnings' USD values, as an exact decimal string. */
  earningsUsd: string;
}

/** The referral methods, joined into the protocol's method map. */
export interface ReferralMethods {
  /** The caller's referral code, referred accounts and earnings. */
  'referral.getMine': { params: Record<string, never>; result: { referral: ReferralSummary } };
}
