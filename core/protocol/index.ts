/**
 * The wire protocol shared by the site, the widgets and the server: every API method with its
 * parameters and result, the support socket's messages (one union per direction) and the upload
 * reply: the product's entities and its calls. Nothing else re-declares these shapes.
 */

export * from './accounts.ts';
export * from './addressBook.ts';
export * from './buy.ts';
export * from './deposits.ts';
export * from './kyc.ts';
export * from './marketStreams.ts';
export * from './p2p.ts';
export * from './referral.ts';
export * from './swap.ts';
export * from './wallet.ts';
export * from './withdrawals.ts';

import { ERRORS, type ErrorCode, type FailureReply } from '../errors/index.ts';
import type { AccountMethods } from './accounts.ts';
import type { AddressBookMethods } from './addressBook.ts';
import type { BuyMethods } from './buy.ts';
import type { DepositMethods } from './deposits.ts';
import type { KycMethods } from './kyc.ts';
import type { P2pMethods } from './p2p.ts';
import type { ReferralMethods } from './referral.ts';
import type { SwapMethods } from './swap.ts';
import type {
  AssetNetworks,
  HistoryEntry,
  HistoryParams,
  SendTransferParams,
  Transfer,
} from './wallet.ts';
import type { WithdrawalMethods } from './withdrawals.ts';

/** Bumped on any incompatible change of the shapes below. */
export const PROTOCOL_VERSION = 1;

/** The path of the one API endpoint every method is POSTed to. */
export const API_PATH = '/api';

/** The path of the attachment upload endpoint. */
export const UPLOAD_PATH = '/uploadAttachment.php';

/** The path of the support socket. */
export const SUPPORT_SOCKET_PATH = '/support';

/**
 * The path of the live-counter socket: connecting counts you as online.
 * Not `/live`, which is a page of the site.
 */
export const LIVE_SOCKET_PATH = '/live-counters';

/** What the live-counter socket pushes: visitors online now and page views recorded. */
export interface LiveCountersMessage {
  type: 'LIVE_COUNTERS';
  /** Page views recorded by metrics.addVisitor. */
  views: number;
  /** Visitors online now: open live connections. */
  count: number;
}

/** The trading assets, in the order every list shows them. */
export const ASSETS = ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX'] as const;

/** One of the eight trading assets. */
export type Asset = (typeof ASSETS)[number];

/** The quote currency every asset trades against. */
export const QUOTE = 'USDT';

/** Every ticker the exchange holds: the assets plus the quote currency. */
export type Ticker = Asset | typeof QUOTE;

/** The fields every response carries: status, and success_msg or error_msg; a refusal adds its catalogue code. */
export interface Envelope {
  status: boolean;
  success_msg?: string;
  error_msg?: string;
  /** The refusal's stable code from core/errors (only when `status` is false). */
  error_code?: ErrorCode;
  /** The parameter the refusal is about, when it names one. */
  param?: string;
}

/** What every refusal carries: the words to show, its stable code and the parameter it names. */
export type Failure = FailureReply;

/** A signed-in account holder's profile as the server sends it. */
export interface User {
  id: number;
  email: string;
  login: string;
  /** Total of the user's wallets in USD at the reference prices. */
  balance: number;
  image: string | null;
  /** Greater than 0 means staff; 0 is an ordinary account holder. */
  statusId: number;
  created_at: string;
  kyc_status: number;
  two_factor: boolean;
  isPremium: boolean;
  isVerified: boolean;
  isKyc: boolean;
  is2FA: boolean;
  isWalletConnect: boolean;
  /** The same total expressed in BTC at the reference price. */
  balanceBTC: number;
  /** Change of the USD total over the reference window, in percent. */
  percentChange: number;
  referalCode: string;
  isKycPending: boolean;
  kycStatusId: number;
  /** Whether the account followed the link mailed to its address. */
  isEmailVerified: boolean;
  /** Whether support replies left unread are mailed (the profile's switch). */
  mailSupportReplies: boolean;
}

/** Site-wide configuration that comes with the profile query. */
export interface Config {
  socials: { twitter?: string; youtube?: string; instagram?: string; telegram?: string };
  live: { is_enabled: boolean };
  /** SITE_NAME, when set: what the site calls itself instead of its host's first label. */
  name?: string;
}

/** A listed currency with its USD reference price. */
export interface Currency {
  id: number;
  ticker: Ticker;
  name: string;
  /** USD reference price as a decimal string. */
  price: string;
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

/** A help-center entry. */
export interface FaqItem {
  question: string;
  answer: string;
  video: string | null;
}

/** A stored chat attachment. */
export interface Attachment {
  id: number;
  path: string;
}

/** One message of a support dialog. */
export interface SupportMessage {
  /** Client-generated id: the server stores a message once per (dialog, id). */
  id: string;
  text: string;
  /** True when the user (not staff) sent it. */
  isOut: boolean;
  createdAt: string;
  attachment: Attachment | null;
  video: string | null;
  faq: FaqItem[];
  links: { name: string; path: string }[];
  /**
   * In a P2P trade's chat, who wrote a message that is not the reader's: 'Buyer', 'Seller' or
   * 'Support' (there `isOut` means the reader wrote it). Absent in support dialogs.
   */
  from?: string;
}

/** A support client's record as staff see it. */
export interface SupportClientRecord {
  id: number;
  country: { name: string; code: string };
  deposits: number;
  promocode: string;
  createdAt: string;
  domain: string;
  balance: number;
  updatedAt: string;
  createdIp: string;
  updatedIp: string;
  login: string;
  email: string;
  isPremium: boolean;
  isVerified: boolean;
  isWithdraw: boolean;
  isTransfer: boolean;
  isAbuse: boolean;
  isSwap: boolean;
  isWalletConnect: boolean;
  isKyc: boolean;
  isBlocked: boolean;
  isMobile: boolean;
  /** A support-chat visitor (no account): `login` is their name, `email` the contact they gave. */
  isVisitor: boolean;
}

/**
 * The variables canned support replies may use. `verificationAmount` is the disclosed
 * withdrawal amount above which identity verification is required, never a payment demand.
 */
export interface SupportVariables {
  domain: string;
  projectName: string;
  verificationAmount: number;
  login: string;
  email: string;
  balance: number;
  deposits: number;
  referalCode: string;
  regDate: string;
}

/** The site-wide notice shown in the global notice modal. */
export interface Notice {
  id: number;
  title: string;
  /** The colour of the modal's border: 0 primary, 1 error, 2 success. */
  type_id: 0 | 1 | 2;
  /** HTML; sanitised before it is shown. */
  description: string;
}

/** A policy or information page an operator edits (policies, about us, careers). */
export interface ContentPage {
  /** terms_of_use, aml_policy, kyc_policy, cookies_policy, about_us, careers, ... */
  type: string;
  title: string;
  /** HTML; sanitised before it is shown. */
  html: string;
  updatedAt: string;
}

/** One row of the staff inbox: a client's record with the state of their dialog. */
export interface SupportDialogSummary {
  record: SupportClientRecord;
  unread: number;
  isPinned: boolean;
  /** Whether the client is a visitor chat (no account) rather than an account holder. */
  isVisitor: boolean;
  lastMessage: SupportMessage | null;
}

/** The per-user flags staff may set; the server enforces them where they apply. */
export const STAFF_SETTABLE_FLAGS = [
  'isWithdraw',
  'isTransfer',
  'isSwap',
  'isWalletConnect',
  'isKyc',
  'isBlocked',
  'isAbuse',
  'isPremium',
  'isVerified',
] as const;

/** A flag staff may set on a client. */
export type StaffSettableFlag = (typeof STAFF_SETTABLE_FLAGS)[number];

/** The parameters and result of every API method, keyed by wire name. */
/** A spot pair's symbol: an asset, an underscore, USDT (`BTC_USDT`). */
export type PairSymbol = `${Asset}_${typeof QUOTE}`;

/** Which way an order trades the base asset. */
export type OrderSide = 'buy' | 'sell';

/** The spot order types. */
export type OrderType = 'limit' | 'market' | 'stopLimit' | 'stopMarket';

/** How long a limit order may wait: until cancelled, not at all, or all-or-nothing at once. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** What happens when an order would trade with an order of the same account. */
export type SelfTradeMode = 'none' | 'expireTaker' | 'expireMaker' | 'expireBoth';

/** Where an order stands. */
export type OrderStatus = 'new' | 'partiallyFilled' | 'filled' | 'cancelled' | 'expired';

/** A spot order as the API shows it; prices and amounts are decimal strings. */
export interface SpotOrder {
  id: number;
  pair: PairSymbol;
  side: OrderSide;
  type: OrderType;
  /** The limit price (limit and stop-limit orders), else null. */
  price: string | null;
  /** The stop price (stop orders), else null. */
  stopPrice: string | null;
  /** The amount of the base asked for, or null for a market buy given by total. */
  amount: string | null;
  /** The USDT a market buy may spend, when given. */
  total: string | null;
  /** The amount of the base traded so far. */
  filled: string;
  /** The USDT value traded so far. */
  filledTotal: string;
  /** The mean price of the fills, or null before the first. */
  averagePrice: string | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
  selfTrade: SelfTradeMode;
  clientOrderId: string | null;
  status: OrderStatus;
  /** Why the order expired, in words, or null. */
  reason: string | null;
  /** Whether a stop order's stop price has been reached. */
  triggered: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What orders.place takes: decimal strings for every price and amount. */
export interface PlaceOrderParams {
  pair: string;
  side: OrderSide;
  type: OrderType;
  price?: string;
  amount?: string;
  /** What a market buy spends, in USDT. */
  total?: string;
  stopPrice?: string;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  selfTrade?: SelfTradeMode;
  /** Your own id for the order, 1 to 64 of A-Z a-z 0-9 - _ ; placing it again returns the first. */
  clientOrderId?: string;
}

/** A pair as markets.getItems lists it: its steps, fees and 24 h ticker. */
export interface MarketSummary {
  pair: PairSymbol;
  base: Asset;
  quote: typeof QUOTE;
  tickSize: string;
  lotSize: string;
  minValue: string;
  /** Fee rates as fractions of what each side receives ("0.001" is 0.1 %). */
  makerFee: string;
  takerFee: string;
  /** The last trade's price, or null before the first trade. */
  last: string | null;
  /** Change of the last price over 24 h, in percent with 2 decimals ("-1.25"), or null. */
  change: string | null;
  high: string | null;
  low: string | null;
  /** Base traded in 24 h. */
  baseVolume: string;
  /** USDT traded in 24 h. */
  quoteVolume: string;
}

/** One price of the book: the amount resting there and how many orders hold it. */
export interface BookLevel {
  price: string;
  amount: string;
  orders: number;
}

/** The book's top levels, best first, with the sequence number diffs continue from. */
export interface BookDepth {
  pair: PairSymbol;
  bids: BookLevel[];
  asks: BookLevel[];
  sequence: number;
}

/** A public trade. */
export interface PublicTrade {
  id: number;
  price: string;
  amount: string;
  /** The incoming order's side: `buy` means a buyer took a resting sell. */
  takerSide: OrderSide;
  time: string;
}

/** Candle intervals. */
export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

/** One candle; `time` is its start in ms since the epoch. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  baseVolume: string;
  quoteVolume: string;
}

/** One of the caller's own fills. */
export interface OwnTrade {
  id: number;
  pair: PairSymbol;
  orderId: number;
  side: OrderSide;
  role: 'maker' | 'taker';
  price: string;
  amount: string;
  total: string;
  fee: string;
  /** The currency the fee was paid in: what the side received. */
  feeTicker: Ticker;
  time: string;
}

export interface Methods
  extends AccountMethods,
    AddressBookMethods,
    BuyMethods,
    DepositMethods,
    SwapMethods,
    KycMethods,
    P2pMethods,
    ReferralMethods,
    WithdrawalMethods {
  /** Creates an account and signs it in; `ref`, a referral code, records its referrer for good. */
  'users.signUp': {
    params: { email: string; password: string; login?: string; ref?: string };
    /**
     * `referralNotice`: why the `ref` given was not applied (an unknown code); the account is
     * created all the same, without a referrer.
     */
    result: { token: string; user: User; referralNotice?: string };
  };
  /** Signs in with the email and password, and the two-factor code when it is on. */
  'users.signIn': {
    /** `code`: the authenticator app's code, or a recovery code, when two-factor is on. */
    params: { email: string; password: string; code?: string };
    result: { token: string; user: User };
    /** `twoFactorRequired`: the password was right and a two-factor code is needed (again). */
    refusal: { twoFactorRequired: boolean };
  };
  'users.logout': { params: Record<string, never>; result: Record<string, never> };
  /** The "user" query: the profile plus the site configuration. */
  'users.getInfo': { params: Record<string, never>; result: { user: User; config: Config } };
  'currencies.getItems': {
    params: { limit?: number };
    result: { items?: Currency[]; wallets?: Wallet[] };
  };
  /** Records a page view for the live counters; over-long text is cut, never refused. */
  'metrics.addVisitor': {
    params: { referer: string; url: string };
    result: Record<string, never>;
  };
  /** Records an analytics event by its id. */
  'metrics.addEvent': { params: { id: string | number }; result: Record<string, never> };
  /** The help center's entries of one section, by slug, in display order. */
  'faq.getItems': { params: { slug: string }; result: { items: FaqItem[] } };
  /** The caller's support dialog: its messages, whether it is new, and how many are unread. */
  'support.getHistory': {
    params: Record<string, never>;
    result: { messages: SupportMessage[]; isNew: boolean; unread: number };
  };
  /** Saves the browser's Web Push subscription (its JSON), for staff replies to a closed page. */
  'push.subscribe': { params: { subscription: string }; result: Record<string, never> };
  /** The VAPID public key the browser subscribes with. */
  'push.getPublicKey': { params: Record<string, never>; result: { publicKey: string } };
  /** A policy or information page by type. */
  'pages.getItem': { params: { type: string }; result: { page: ContentPage } };
  /** The current site-wide notice, if any. */
  'notices.getCurrent': { params: Record<string, never>; result: { notice: Notice | null } };
  /** Staff: publish a notice (replacing the current one), or clear it with `clear`. */
  'notices.publish': {
    params: { title: string; type_id: 0 | 1 | 2; description: string } | { clear: true };
    result: { notice: Notice | null };
  };
  /**
   * A short-lived, single-use ticket for the support socket's `token` query parameter, so the
   * session token never appears in a URL or an access log.
   */
  'support.getSocketTicket': { params: Record<string, never>; result: { ticket: string } };
  /** A support chat without an account: the token serves support calls, socket and uploads. */
  'support.startVisitor': {
    params: { name?: string; email?: string };
    result: { token: string; user: User };
  };
  /** Marks the caller's dialog read (opening the panel resets unread to 0). */
  'support.markRead': { params: Record<string, never>; result: Record<string, never> };
  /** Staff: the inbox, pinned dialogs first, then by last message. */
  'support.getDialogs': {
    params: Record<string, never>;
    result: { dialogs: SupportDialogSummary[] };
  };
  /** Staff: one client's record, canned-reply variables and history; marks it read for staff. */
  'support.getDialog': {
    params: { userId: number };
    result: {
      record: SupportClientRecord;
      variables: SupportVariables;
      messages: SupportMessage[];
    };
  };
  /** Staff: pin or unpin a dialog. */
  'support.pinDialog': {
    params: { userId: number; pinned: boolean };
    result: Record<string, never>;
  };
  /** Staff: set one account flag; no staff call changes a balance. */
  'support.setUserFlag': {
    params: { userId: number; flag: StaffSettableFlag; value: boolean };
    result: { record: SupportClientRecord };
  };
  /** Every pair's steps, fees and 24 h ticker. */
  'markets.getItems': { params: Record<string, never>; result: { items: MarketSummary[] } };
  /** The book's top `depth` levels a side (default 50, at most 500). */
  'markets.getBook': { params: { pair: string; depth?: number }; result: { book: BookDepth } };
  /** The latest trades, newest first (default 50, at most 500). */
  'markets.getTrades': {
    params: { pair: string; limit?: number };
    result: { trades: PublicTrade[] };
  };
  /** Candles from `from` to `to` (ms), the current one included; at most 1,000. */
  'markets.getCandles': {
    params: { pair: string; interval: CandleInterval; from?: number; to?: number };
    result: { candles: Candle[] };
  };
  /** A single-use ticket that opens the market socket with the caller's `account` stream. */
  'markets.getSocketTicket': { params: Record<string, never>; result: { ticket: string } };
  /** Places an order; it is stored, with its fills and their ledger entries, before the answer. */
  'orders.place': { params: PlaceOrderParams; result: { order: SpotOrder } };
  /** Cancels one open order of the caller, by `id` or `clientOrderId`. */
  'orders.cancel': {
    params: { id?: number; clientOrderId?: string };
    result: { order: SpotOrder };
  };
  /** Cancels every open order of the caller, of one pair or everywhere. */
  'orders.cancelAll': { params: { pair?: string }; result: { orders: SpotOrder[] } };
  /** The caller's open orders, oldest first. */
  'orders.getOpen': { params: { pair?: string }; result: { orders: SpotOrder[] } };
  /** The caller's orders, newest first, `before` an id for the next page. */
  'orders.getHistory': {
    params: { pair?: string; limit?: number; before?: number };
    result: { orders: SpotOrder[] };
  };
  /** The caller's fills, newest first, `before` an id for the next page. */
  'trades.getMine': {
    params: { pair?: string; limit?: number; before?: number };
    result: { trades: OwnTrade[] };
  };
  /** Sends an amount to another account holder, once per idempotency key. */
  'transfers.send': { params: SendTransferParams; result: { transfer: Transfer } };
  /** The account's ledger entries, newest first, optionally of one ticker or kind. */
  'wallet.getHistory': { params: HistoryParams; result: { entries: HistoryEntry[] } };
  /** Every asset's networks with their confirmations, minimums and withdrawal fees. */
  'wallet.getNetworks': { params: Record<string, never>; result: { assets: AssetNetworks[] } };
}

/** A method's wire name. */
export type MethodName = keyof Methods;

/** The parameters a method takes. */
export type Params<M extends MethodName> = Methods[M]['params'];

/** The fields a method returns on success. */
export type Result<M extends MethodName> = Methods[M]['result'];

/** The fields a method's refusal may carry besides its message (most have none). */
export type Refusal<M extends MethodName> = Methods[M] extends { refusal: infer R }
  ? Partial<R>
  : unknown;

/**
 * What a method answers: its result with `status: true`, or `status: false` with an error message
 * (and whichever result fields still make sense, such as `config` for a signed-out visitor).
 */
export type Reply<M extends MethodName> =
  | ({ status: true; success_msg?: string } & Result<M>)
  | (Failure & Partial<Result<M>> & Refusal<M>);

/** The body of every API request: the method, the stored token and subId, then its params. */
export type RequestBody<M extends MethodName = MethodName> = {
  method: M;
  token: string;
  subId: string;
} & Params<M>;

/** What the upload endpoint answers. */
export type UploadReply = { status: true; attachment: Attachment } | Failure;

/**
 * Messages the client sends on the support socket. `id` is generated by the
 * client; the server stores a message once per (dialog, id), so a resend is harmless. Staff
 * sockets name the client's `userId`; user sockets omit it (they only reach their own dialog).
 */
export type SupportClientMessage =
  | { type: 'PING' }
  | {
      type: 'SUPPORT_SEND_MESSAGE';
      id: string;
      text: string;
      attachment: number | null;
      userId?: number;
    }
  | { type: 'SUPPORT_TYPING'; userId?: number };

/**
 * The support socket also carries a P2P trade's chat: opened with `&trade=ID`, a socket belongs
 * to that trade alone, with the same frames (staff omit `userId` there too).
 */
export const TRADE_SOCKET_PARAM = 'trade';

/**
 * Messages the server sends on the support socket. `userId` names the
 * client's dialog on staff sockets. An echo (SUPPORT_SEND_MESSAGE) carries the stored message;
 * a failed send carries `error` and the message as sent.
 */
export type SupportServerMessage =
  | { type: 'PONG' }
  | { type: 'SUPPORT_TYPING_MESSAGE'; userId?: number }
  | { type: 'SUPPORT_NEW_MESSAGE'; message: SupportMessage; userId?: number }
  | { type: 'SUPPORT_SEND_MESSAGE'; message: SupportMessage; error?: string; userId?: number };

/** How often the client pings the support socket: every 10 s. */
export const SUPPORT_PING_MS = 10_000;

/** How long the typing indicator shows without a new typing event. */
export const SUPPORT_TYPING_MS = 10_000;

/** The text every unreadable response turns into. */
export const SERVER_ERROR_TEXT = ERRORS['request.serverError'].message;
