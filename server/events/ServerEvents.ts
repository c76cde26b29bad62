/**
 * Every event the server's domains publish to each other, by name, with its payload. A payload
 * names what changed (ids, a status) rather than carrying rows, and stays plain JSON.
 */
import type { P2pTradeStatus } from '../../core/protocol/index.ts';
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
  /** A new message in a P2P trade's chat, for `userIds`: the sides who did not write it. */
  'p2p.tradeMessage': { tradeId: number; userIds: readonly number[] };
};

/** The server's one event bus. */
export type ServerEventBus = EventBus<ServerEvents>;
