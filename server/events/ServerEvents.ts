/**
 * Every event the server's domains publish to each other, by name, with its payload. A payload
 * names what changed (ids, a status) rather than carrying rows, and stays plain JSON.
 */
import type { EventBus } from './EventBus.ts';

/** The server's events: name -> payload. */
export type ServerEvents = {
  /** A new message in a P2P trade's chat, for `userIds`: the sides who did not write it. */
  'p2p.tradeMessage': { tradeId: number; userIds: number[] };
};

/** The server's one event bus. */
export type ServerEventBus = EventBus<ServerEvents>;
