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
 *
 * A trading program logs in on the socket with its API key (`login`, signed as an HTTP call is,
 * over the method `market.login` and an empty body) and then places and cancels orders on it
 * (`place`, `cancel`, `cancelAll`, each with its own request `id`): each is answered with a
 * `result` only after its commit, exactly as the HTTP method answers, and the answers come in
 * the order the socket's requests were sent (which is the order they committed). A logged-in
 * socket may subscribe to `account` without a ticket.
 *
 * Every `account` message carries `seq`: the account's own number of the change, 1, 2, 3 ...
 * (a snapshot: the change its orders stand at; a wallets update: the last change sent on this
 * stream). Seqs only grow, across reconnects and servers, and updates come in seq order without
 * a gap, whichever server the socket is on; a swap over two pairs may come as two updates.
 * Subscribing to `account` with `since` (a seq the client holds) resumes: when the server can,
 * it sends, in seq order, one `account` update per change after `since` of the account
 * (its orders changed then, as they are now, and the fills made then), then one with the
 * wallets, then live updates, with no gap and nothing twice; an order changed several times
 * since comes once, at its last change. When it cannot — `since` more than
 * ACCOUNT_RESUME_BATCHES behind or ahead of the account's seq, or more than ACCOUNT_RESUME_ITEMS orders
 * or fills missed — it sends a fresh snapshot (`snapshot: true`) instead, as without `since`.
 */
import type { ErrorCode } from '../errors/index.ts';
import type { ApiKeyScope } from './apiKeys.ts';
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

/** How far back (in the account's seqs) an account stream may resume from `since`. */
export const ACCOUNT_RESUME_BATCHES = 100_000;

/** The most orders, and the most fills, a resume sends; past either, a snapshot. */
export const ACCOUNT_RESUME_ITEMS = 1_000;

/** The method name a socket login signs: the prehash is `${timestamp}\n${recvWindow}\nmarket.login\n`. */
export const SOCKET_LOGIN_METHOD = 'market.login';

/** The order requests a logged-in socket may send, by message type: the HTTP method each runs. */
export const SOCKET_ORDER_METHODS = {
  place: 'orders.place',
  cancel: 'orders.cancel',
  cancelAll: 'orders.cancelAll',
} as const;

/** A socket request's type. */
export type SocketOrderRequest = keyof typeof SOCKET_ORDER_METHODS;

/** The most order requests a socket may have waiting for their answers at once. */
export const MAX_PENDING_REQUESTS = 256;

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
  | ({ v: 1; type: 'subscribe' } & StreamTopic & {
        /** Account stream only: resume after this seq when the server can (see the file comment). */
        since?: number;
      })
  | ({ v: 1; type: 'unsubscribe' } & StreamTopic)
  | { v: 1; type: 'ping' }
  | {
      v: 1;
      /** Logs the socket in with an API key, once; signed as docs/programs.md says. */
      type: 'login';
      /** The key's id (`ak_…`). */
      key: string;
      /** Milliseconds since 1970. */
      timestamp: number;
      /** 1 to 60000 ms; 5000 when absent (and 5000 is what is signed). */
      recvWindow?: number;
      /** Over `${timestamp}\n${recvWindow}\nmarket.login\n`, as for an HTTP call. */
      signature: string;
    }
  | {
      v: 1;
      type: SocketOrderRequest;
      /** The program's request id, 1 to 64 of [A-Za-z0-9_-]: its answer carries it. */
      id: string;
      /** Exactly the parameters of the HTTP method (SOCKET_ORDER_METHODS). */
      params: Record<string, unknown>;
    };

/** The answer to one order request: the HTTP method's answer, with the request's id. */
export type SocketResult =
  | ({ v: 1; type: 'result'; id: string; status: true } & (
      | { order: SpotOrder; replay?: boolean }
      | { orders: SpotOrder[] }
    ))
  | {
      v: 1;
      type: 'result';
      id: string;
      status: false;
      error_code: ErrorCode;
      error_msg: string;
      param?: string;
    };

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
      /** The account's change this stands at; see the file comment. */
      seq: number;
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
  /** The socket is logged in with this key, for these scopes. */
  | { v: 1; type: 'login'; key: string; scopes: ApiKeyScope[] }
  | SocketResult
  /** A message the socket could not follow: its catalogued code (core/errors) and words. */
  | { v: 1; type: 'error'; code: ErrorCode; message: string }
  | { v: 1; type: 'pong' };
