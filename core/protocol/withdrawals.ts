/**
 * Withdrawals: the amount plus the network's disclosed fee held when requested, sent on the chain
 * (after staff review above a threshold) and leaving the account only when the chain confirms
 * it. Amounts travel as exact decimal strings.
 */
import type { Ticker } from './common.ts';

/**
 * Where a withdrawal stands: awaiting confirmation (held until its owner follows the mailed link,
 * cancelled after 30 minutes), requested (waiting to be sent), awaiting staff review, sent (on the
 * chain, gaining confirmations), confirmed (gone), or cancelled by its owner, rejected by staff or
 * failed on the chain (each with the hold released back to the balance).
 */
export type WithdrawalStatus =
  | 'awaitingConfirmation'
  | 'requested'
  | 'awaitingReview'
  | 'sent'
  | 'confirmed'
  | 'cancelled'
  | 'rejected'
  | 'failed';

/** A withdrawal as its owner sees it. */
export interface Withdrawal {
  id: number;
  asset: Ticker;
  /** The network's id (BTC, ETH, BSC, XRP, DOGE, SOL, LTC, TRX). */
  network: string;
  address: string;
  /** The destination tag sent with it, where the network has one. */
  tag: number | null;
  /** What the address receives. */
  amount: string;
  /** The network fee charged on top of the amount. */
  fee: string;
  status: WithdrawalStatus;
  /** The chain transaction once sent. */
  txHash: string | null;
  /** Counted once sent. */
  confirmations: number;
  /** Confirmations after which the withdrawal is confirmed. */
  required: number;
  /** Why staff rejected it or the chain refused it; null otherwise. */
  reason: string | null;
  /** When it was requested, ISO 8601. */
  time: string;
  /** When its status last changed, ISO 8601. */
  updatedAt: string;
}

/** A withdrawal as staff review it: whose it is and what it is worth. */
export interface StaffWithdrawal extends Withdrawal {
  userId: number;
  login: string;
  email: string;
  /** The amount plus the fee in USD at the reference prices when it was requested. */
  usdValue: string;
}

/** What `withdrawals.request` takes. */
export interface RequestWithdrawalParams {
  asset: Ticker;
  network: string;
  address: string;
  /** The destination tag, on networks that have one (XRP). */
  tag?: string;
  /** The person confirmed the receiving wallet needs no tag, on a network that has one. */
  withoutTag?: boolean;
  /** What the address is to receive; the fee comes on top. */
  amount: string;
  /** The authenticator app's code or a recovery code, required when two-factor is on. */
  code?: string;
  /** Made by the client once per withdrawal the person confirms: a retry never sends twice. */
  idempotencyKey: string;
}

/** The withdrawal methods, joined into the protocol's method map. */
export interface WithdrawalMethods {
  /**
   * Holds the amount plus the fee and records the withdrawal, once per idempotency key; it waits
   * for the link mailed to the owner.
   */
  'withdrawals.request': {
    params: RequestWithdrawalParams;
    result: { withdrawal: Withdrawal };
  };
  /** Public: the mailed link's token confirms its withdrawal (on to the sender or review). */
  'withdrawals.confirm': { params: { confirmToken: string }; result: { withdrawal: Withdrawal } };
  /** Cancels the caller's withdrawal before it is sent; the hold is released. */
  'withdrawals.cancel': { params: { id: number }; result: { withdrawal: Withdrawal } };
  /** The caller's withdrawals, newest first, `before` an id for the next page. */
  'withdrawals.getMine': {
    params: { asset?: Ticker; limit?: number; before?: number };
    result: { withdrawals: Withdrawal[] };
  };
  /** Staff: the withdrawals awaiting review, oldest first, `after` an id for the next page. */
  'withdrawals.getPending': {
    params: { limit?: number; after?: number };
    result: { withdrawals: StaffWithdrawal[] };
  };
  /** Staff: approves a withdrawal awaiting review, or rejects it with a reason (released). */
  'withdrawals.review': {
    params: { id: number; approve: boolean; reason?: string };
    result: { withdrawal: StaffWithdrawal };
  };
}
