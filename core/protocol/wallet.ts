/**
 * The wallet's shapes on the wire: transfers between account holders and the account's history
 * of ledger entries. Amounts travel as exact decimal strings, never as JavaScript numbers.
 */
import type { Ticker } from './common.ts';

/** Longest note a transfer carries, in characters. */
export const TRANSFER_NOTE_MAX = 140;

/** What `transfers.send` takes. */
export interface SendTransferParams {
  /** The receiving account: its email or its login. */
  to: string;
  ticker: Ticker;
  /** A positive decimal string such as "0.25". */
  amount: string;
  /** Shown to both sides with the transfer. */
  note?: string;
  /**
   * Made by the client once per transfer the person confirms (a UUID, say) and sent again on a
   * retry: the same key never moves money twice.
   */
  idempotencyKey: string;
}

/** A transfer between two account holders, as either side sees it. */
export interface Transfer {
  id: number;
  /** 'out' for the sender, 'in' for the recipient. */
  direction: 'in' | 'out';
  /** The other side's login. */
  counterparty: string;
  ticker: Ticker;
  amount: string;
  note: string;
  createdAt: string;
}

/** What moved money in a history entry, as its accounts show (see `HistoryEntry.kind`). */
export type HistoryKind =
  | 'deposit'
  | 'withdrawal'
  | 'transfer'
  | 'trade'
  | 'fee'
  | 'referral'
  | 'cardPurchase'
  | 'p2p';

/** Every kind, for filters. */
export const HISTORY_KINDS: readonly HistoryKind[] = [
  'deposit',
  'withdrawal',
  'transfer',
  'trade',
  'fee',
  'referral',
  'cardPurchase',
  'p2p',
];

/**
 * One ledger entry touching the account, with what it did to the account's two balances. A hold
 * for an order is one entry that lowers `available` and raises `held` by the same amount; a
 * trade pays out of `held`; a transfer or deposit changes `available` alone.
 */
export interface HistoryEntry {
  id: number;
  ticker: Ticker;
  kind: HistoryKind;
  /** The entry's reason, as the ledger recorded it. */
  reason: string;
  /** Change of the available balance: a signed decimal string ("-0.5", "12", "0"). */
  available: string;
  /** Change of the held balance, signed likewise. */
  held: string;
  /** For a transfer: the other side and the note. */
  transfer?: Pick<Transfer, 'direction' | 'counterparty' | 'note'>;
  createdAt: string;
}

/** The largest destination tag (or memo id) a network takes: an unsigned 32-bit number. */
export const MAX_DESTINATION_TAG = 4_294_967_295;

/** One network an asset moves on, with what a deposit or a withdrawal there needs and costs. */
export interface NetworkInfo {
  /** The network's id (BTC, ETH, BSC, XRP, DOGE, SOL, LTC, TRX). */
  network: string;
  /** The network as people know it, with its token standard: "TRON (TRC-20)". */
  name: string;
  /** What the number that goes with an address is called ("Destination tag"), or null. */
  tagName: string | null;
  /** Blocks, the deposit's own included, before a deposit is credited. */
  confirmations: number;
  /** Decimal places a withdrawal's amount may have on this network. */
  decimals: number;
  /** Whether this server takes deposits on it now (its chain is connected). */
  depositOpen: boolean;
  /** Whether this server sends withdrawals on it now (its chain is connected). */
  withdrawOpen: boolean;
  /** Smaller deposits are recorded but never credited. */
  minDeposit: string;
  /** The network fee a withdrawal pays, in the asset, on top of the amount sent. */
  withdrawalFee: string;
  /** The smallest amount a withdrawal sends. */
  minWithdrawal: string;
}

/** The networks of one asset, in the order the pages offer them. */
export interface AssetNetworks {
  asset: Ticker;
  networks: NetworkInfo[];
}

/** What `wallet.getHistory` takes: filters and a page before an entry id, newest first. */
export interface HistoryParams {
  ticker?: Ticker;
  kind?: HistoryKind;
  limit?: number;
  /** Entries older than this id (the last id of the previous page). */
  before?: number;
}

/** A listed currency with its USD reference price, precision and networks. */
export interface Currency {
  id: number;
  ticker: Ticker;
  name: string;
  /** USD reference price as a decimal string. */
  price: string;
  /**
   * Decimal places an amount of it may have when moved between accounts, bought by card or
   * traded peer to peer (a withdrawal takes its network's `decimals`, an order its pair's lot).
   */
  precision: number;
  /** The networks it is deposited and withdrawn on, as wallet.getNetworks lists them. */
  networks: NetworkInfo[];
}

/** One of the signed-in user's wallets. */
export interface Wallet {
  id: number;
  ticker: Ticker;
  /** Holding in the wallet's own currency, as an exact decimal string: available plus held. */
  amount: string;
  /** What can be spent, traded or withdrawn now (decimal string). */
  available: string;
  /** What open orders hold until they fill or end (decimal string). */
  held: string;
  /** The holding's value in USD at the reference price. */
  balance: number;
  /** Recent USD reference prices, oldest first, for a sparkline. */
  chart: number[];
}

/** The listed currencies with the account's wallets, transfers, history and networks. */
export interface WalletMethods {
  /**
   * The listed currencies: USD price, precision and networks (open or not, fees and minimums);
   * with `limit`, the signed-in caller's wallets instead.
   */
  'currencies.getItems': {
    params: { limit?: number };
    result: { items?: Currency[]; wallets?: Wallet[] };
  };
  /** Sends an amount to another account holder, once per idempotency key. */
  'transfers.send': { params: SendTransferParams; result: { transfer: Transfer } };
  /** The account's ledger entries, newest first, optionally of one ticker or kind. */
  'wallet.getHistory': { params: HistoryParams; result: { entries: HistoryEntry[] } };
  /** Every asset's networks with their confirmations, minimums and withdrawal fees. */
  'wallet.getNetworks': { params: Record<string, never>; result: { assets: AssetNetworks[] } };
}
