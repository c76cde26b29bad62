/**
 * Every event the server's domains publish to each other, by name, with its payload. A payload
 * names what changed (ids, a status) rather than carrying rows, and stays plain JSON.
 */
import type { P2pTradeStatus } from '../../core/protocol/index.ts';
import type { AccessEnd } from '../accounts/sessions.ts';
import type { BatchNews } from '../trading/marketCommits.ts';
import type { EventBus } from './EventBus.ts';

/** The server's events: name -> payload. */
export type ServerEvents = {
  /**
   * Staff decided an account's identity verification: its open pages change the badge and the
   * withdrawal limit while the person watches.
   */
  'kyc.decided': { userId: number; status: 'approved' | 'rejected' };
  /**
   * A P2P trade moved (opened, paid, cancelled, released, disputed, decided, expired): both sides'
   * pages hear it at once, so the seller sees "paid" the moment the buyer says so.
   */
  'p2p.tradeMoved': { tradeId: number; status: P2pTradeStatus; userIds: readonly number[] };
  /**
   * A new message in a P2P trade's chat (`messageId`, its p2p_messages row), for `userIds`: the
   * sides who did not write it. Every server sends it to its own sockets on the trade's chat.
   */
  'p2p.tradeMessage': { tradeId: number; messageId: number; userIds: readonly number[] };
  /**
   * A side of a P2P trade read its chat through message `messageId` (client id `through`): every
   * server tells its sockets of `userIds` on the trade (the other side) to show "Seen".
   */
  'p2p.tradeRead': {
    tradeId: number;
    messageId: number;
    through: string;
    userIds: readonly number[];
  };
  /** `userId` is typing in a P2P trade's chat: every server tells its other sockets on it. */
  'p2p.tradeTyping': { tradeId: number; userId: number };
  /**
   * A new message (`messageId`, its support_messages row) in client `clientId`'s support dialog,
   * from staff or from the client: every server sends it to its own sockets of that dialog.
   */
  'support.message': { messageId: number; clientId: number; fromStaff: boolean };
  /** Someone is typing in client `clientId`'s support dialog: staff, or the client. */
  'support.typing': { clientId: number; fromStaff: boolean };
  /**
   * One side of client `clientId`'s support dialog read it (its unread count went to 0): every
   * server tells that dialog's sockets, the other side's (their messages were read) and the
   * reader's own (their other tabs have nothing unread now).
   */
  'support.read': { clientId: number; reader: 'client' | 'staff' };
  /**
   * Balances of these accounts changed outside the spot market's own feed. Published by
   * transfers, deposits and withdrawals (methods, the deposit watcher, the withdrawal sender),
   * card buys, P2P escrow moves; heard by the market socket, which sends those accounts' open
   * private streams their wallets again, so a transfer's recipient sees it without reloading.
   */
  'wallet.balancesChanged': { userIds: readonly number[] };
  /**
   * Access ended: one session (a sign-out, a password change), one API key (revoked), or every
   * session and key of an account (a block). Published by the users, API keys and support
   * methods; heard by the market and support sockets, which close the sockets opened with that
   * access at once rather than at their next message. Match a socket against it with
   * `accessEnded` or `keyAccessEnded` (server/accounts/sessions.ts).
   */
  'access.ended': AccessEnd;
  /** A page view was recorded: every server's live counters show one more. */
  'live.viewed': Record<string, never>;
  /**
   * How many live-counter connections one server holds now (`server` names that hub), told when
   * it changes and as a heartbeat; 0 when the server closes. Every server shows the sum.
   */
  'live.connections': { server: string; count: number };
  /**
   * The spot market's owner committed a batch (or one part of a large one). Every other server
   * brings its replica of the books up to it and publishes it on its own market streams.
   */
  'market.committed': BatchNews;
};

/** The server's one event bus. */
export type ServerEventBus = EventBus<ServerEvents>;
