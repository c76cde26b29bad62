/**
 * Deposits: an account's address per asset and network, the deposits seen there climbing
 * through their confirmations, and the built-in devnet's faucet, which sends test coins that
 * exist only on this exchange's simulated chains.
 */
import type { Ticker } from './common.ts';

/** An account's deposit address for an asset on one network, with what a deposit there needs. */
export interface DepositAddressInfo {
  asset: Ticker;
  /** The network's id (BTC, ETH, BSC, XRP, DOGE, SOL, LTC, TRX). */
  network: string;
  /** The network as people know it, with its token standard: "TRON (TRC-20)". */
  networkName: string;
  address: string;
  /** The destination tag that must go with the address, where the network has one. */
  tag: number | null;
  /** What the network calls that number ("Destination tag"), or null. */
  tagName: string | null;
  /** Smaller deposits are recorded but never credited. */
  minDeposit: string;
  /** Blocks, the deposit's own included, before it is credited. */
  confirmations: number;
  /** True on the built-in devnet: only test coins arrive here, never real ones. */
  devnet: boolean;
}

/**
 * Where a deposit stands: waiting for confirmations, credited to the balance, below the minimum
 * (recorded, never credited), or dropped by the chain (its block was replaced) before crediting.
 */
export type DepositStatus = 'pending' | 'credited' | 'belowMinimum' | 'dropped';

/** One transfer to the account's deposit address. */
export interface Deposit {
  id: number;
  asset: Ticker;
  network: string;
  amount: string;
  address: string;
  tag: number | null;
  txHash: string;
  status: DepositStatus;
  /** Counted while pending; a deposit below the minimum keeps the count it was first seen with. */
  confirmations: number;
  /** Confirmations needed before it is credited. */
  required: number;
  /** When the exchange first saw it, ISO 8601. */
  time: string;
  creditedAt: string | null;
}

/** Test coins the devnet faucet sent: in the next block, then climbing like any deposit. */
export interface TestCoinsSent {
  txHash: string;
  asset: Ticker;
  network: string;
  address: string;
  tag: number | null;
  amount: string;
  /** Says in words that these are test funds, worthless outside this exchange's devnet. */
  note: string;
}

/** The deposit methods, joined into the protocol's method map. */
export interface DepositMethods {
  /** The caller's address for the asset on the network (the same one every time). */
  'deposits.getAddress': {
    params: { asset: Ticker; network: string };
    result: { address: DepositAddressInfo };
  };
  /** The caller's deposits, newest first, `before` an id for the next page. */
  'deposits.getMine': {
    params: { asset?: Ticker; limit?: number; before?: number };
    result: { deposits: Deposit[] };
  };
  /** Devnet only: test coins to the caller's own deposit address, capped and rate-limited. */
  'deposits.faucet': {
    params: { asset: Ticker; network: string; amount?: string };
    result: { sent: TestCoinsSent };
  };
  /**
   * Devnet only: test coins to any address (the `npm run devnet` command), capped and
   * rate-limited per IP as a public test network's faucet is. `network` defaults to the asset's
   * first; `tag` is the destination tag, where the network has one.
   */
  'devnet.send': {
    params: { asset: Ticker; network?: string; address: string; tag?: string; amount: string };
    result: { sent: TestCoinsSent };
  };
}
