/**
 * The market streams socket: one socket carries any number of subscriptions. Public
 * streams per pair — `stats` (the 24 h ticker), `chart` (candles of one interval, the current one
 * updating), `orders` (the order book) and `trades` — and, on a socket opened with a ticket, the
 * account's own `account` stream (its orders, fills and balances, and its newest deposits,
 * withdrawals and card purchases each time one moves). The four public names are the
 * streams the trading page's four load flags follow.
 *
 * The book comes as a snapshot with a sequence number, then updates that each carry the next
 * number and the new amount at every price that changed ("0": the level is gone). A client that
 * sees a number out of order missed an update: it subscribes again for a fresh snapshot rather
 * than show a wrong book.
 *
 * The server may put several messages in one frame as a JSON array (the updates one commit
 * causes for one socket); a client reads them in order.
 */
import type { ErrorCode } from '../errors/index.ts';
import type { CardPurchase } from './buy.ts';
import type { Deposit } from './deposits.ts';
import type {
  Candle,
  CandleInterval,
  MarketSummary,
  OwnTrade,
  PairSymbol,
  PublicTrade,
  SpotOrder,
} from './markets.ts';
import type { P2pTradeStatus } from './p2p.ts';
import type { Wallet } from './wallet.ts';
import type { Withdrawal } from './withdrawals.ts';

/** Path of the market streams socket; `?ticket=` (markets.getSocketTicket) adds `account`. */
export const MARKET_SOCKET_PATH = '/market';

/** The version every message carries; a client drops messages of another version. */
export const MARKET_STREAM_VERSION = 1;

/** How often a client pings; a socket silent for two intervals is replaced. */
export const MARKET_PING_MS = 15_000;

/** The price levels each side of a book stream holds. */
export const BOOK_STREAM_DEPTH = 100;

/** A public stream of one pair. */
export type PairStream = 'stats' | 'chart' | 'orders' | 'trades';

/** What a client subscribes to. */
export type StreamTopic =
  | { stream: 'stats' | 'orders' | 'trades'; pair: PairSymbol }
  | { stream: 'chart'; pair: PairSymbol; interval: CandleInterval }
  | { stream: 'account' };

/** A price and the amount resting there, as decimal strings ("0" when the level is gone). */
export type LevelChange = [price: string, amount: string];

/** Client to server. */
export type MarketClientMessage =
  | ({ v: 1; type: 'subscribe' } & StreamTopic)
  | ({ v: 1; type: 'unsubscribe' } & StreamTopic)
  | { v: 1; type: 'ping' };

/** Server to client. */
export type MarketServerMessage =
  | {
      v: 1;
      type: 'book';
      pair: PairSymbol;
      /** True for a snapshot (the whole window), false for an update (changed levels only). */
      snapshot: boolean;
      sequence: number;
      bids: LevelChange[];
      asks: LevelChange[];
    }
  | { v: 1; type: 'trades'; pair: PairSymbol; snapshot: boolean; trades: PublicTrade[] }
  | { v: 1; type: 'ticker'; pair: PairSymbol; ticker: MarketSummary }
  | {
      v: 1;
      type: 'candles';
      pair: PairSymbol;
      interval: CandleInterval;
      snapshot: boolean;
      candles: Candle[];
    }
  | {
      v: 1;
      type: 'account';
      snapshot: boolean;
      /** Open orders (snapshot) or orders that changed (update). */
      orders: SpotOrder[];
      /** The account's new fills (empty in a snapshot). */
      trades: OwnTrade[];
      /** Every wallet (snapshot) or those that changed (update). */
      wallets: Wallet[];
    }
  | {
      v: 1;
      /** On the `account` stream, each time a deposit or withdrawal of the account moves. */
      type: 'walletActivity';
      /** The newest deposits, newest first (as `deposits.getMine` with limit 20). */
      deposits: Deposit[];
      /** The newest withdrawals, newest first (as `withdrawals.getMine` with limit 20). */
      withdrawals: Withdrawal[];
      /** The newest card purchases, newest first (as `buy.getMine` with limit 20). */
      purchases: CardPurchase[];
    }
  | {
      v: 1;
      /** On the `account` stream, when staff approve or reject the account's verification. */
      type: 'verification';
      status: 'approved' | 'rejected';
    }
  | {
      v: 1;
      /** On the `account` stream, each time a P2P trade the account is a side of moves. */
      type: 'p2pTrade';
      tradeId: number;
      status: P2pTradeStatus;
    }
  | {
      v: 1;
      /** On the `account` stream, when the other side (or staff) writes in a trade's chat. */
      type: 'p2pMessage';
      tradeId: number;
    }
  /** A message the socket could not follow: its catalogued code (core/errors) and words. */
  | { v: 1; type: 'error'; code: ErrorCode; message: string }
  | { v: 1; type: 'pong' };
