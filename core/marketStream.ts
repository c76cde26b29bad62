/**
 * The market streams client (protocol: core/protocol/marketStreams.ts), free of any framework:
 * one socket for every subscription of the page. Subscriptions are counted, so two components
 * watching the same stream share it; after a reconnect every one is sent again and its snapshot
 * arrives again. `watchBook` keeps a BookMirror of a pair's book and, when an update was missed,
 * subscribes again for a fresh snapshot instead of showing a wrong book.
 *
 * In a browser the messages that arrive between two frames are handed to their listeners together,
 * in one task right after the next frame: every store they change renders once per frame however
 * many frames the socket brought, instead of once per socket frame, and that rendering is a task of
 * its own, not part of a frame that also lays out and paints the page (and draws a chart). A
 * snapshot ends its delivery: what came after it waits for the frame after, so the first drawings
 * of two panels (the book, the trades) never share a task or a frame.
 */
import { BookMirror } from './markets/bookMirror.ts';
import { PAIRS, type PairSymbol } from './markets/pairs.ts';
import {
  MARKET_PING_MS,
  MARKET_SOCKET_PATH,
  MARKET_STREAM_VERSION,
  type MarketClientMessage,
  type MarketServerMessage,
  type StreamTopic,
} from './protocol/index.ts';
import {
  openReconnectingSocket,
  type ReconnectingSocket,
  type SocketStatus,
  socketUrl,
} from './socket/reconnectingSocket.ts';

/** How to reach the market socket. */
export interface MarketStreamOptions {
  /** API origin, '' for the page's own. */
  baseUrl: string;
  /** A ticket (markets.getSocketTicket) for the account stream; null or absent: public only. */
  getTicket?: () => Promise<string | null>;
  /** WebSocket constructor; defaults to globalThis.WebSocket (pass `ws` in Node). */
  WebSocket?: typeof WebSocket;
  onStatus?(status: SocketStatus): void;
  /** A refusal from the server (a bad subscription), in words. */
  onError?(message: string): void;
  /** When the messages received so far are handed to their listeners; `afterNextFrame` by default. */
  schedule?: (deliver: () => void) => void;
}

/** A hidden page gets no frames: this long after the messages, they are handed over anyway. */
export const DELIVERY_FALLBACK_MS = 250;

/**
 * Calls `deliver` in a task right after the browser's next frame (or after DELIVERY_FALLBACK_MS
 * when no frame comes, as in a hidden tab); at once where there are no frames at all (Node).
 */
export function afterNextFrame(deliver: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    deliver();
    return;
  }
  let delivered = false;
  const once = () => {
    if (delivered) return;
    delivered = true;
    deliver();
  };
  const fallback = setTimeout(once, DELIVERY_FALLBACK_MS);
  requestAnimationFrame(() => {
    clearTimeout(fallback);
    // Queued from a frame callback, a task runs once that frame is painted.
    setTimeout(once, 0);
  });
}

type Listener = (message: MarketServerMessage) => void;

/** The key of a topic, and of the messages that belong to it. */
export function topicKey(topic: StreamTopic): string {
  switch (topic.stream) {
    case 'account':
      return 'account';
    case 'chart':
      return `chart:${topic.pair}:${topic.interval}`;
    default:
      return `${topic.stream}:${topic.pair}`;
  }
}

/** Whether `message` replaces its topic's whole state (see deliver). */
function isSnapshot(message: MarketServerMessage): boolean {
  // Checked before the version is (dispatch): a frame may hold anything.
  return (message as { snapshot?: unknown } | null)?.snapshot === true;
}

function messageKey(message: MarketServerMessage): string | null {
  switch (message.type) {
    case 'book':
      return `orders:${message.pair}`;
    case 'trades':
      return `trades:${message.pair}`;
    case 'ticker':
      return `stats:${message.pair}`;
    case 'candles':
      return `chart:${message.pair}:${message.interval}`;
    case 'account':
    case 'walletActivity':
    case 'verification':
    case 'p2pTrade':
    case 'p2pMessage':
      return 'account';
    case 'error':
    case 'pong':
    case 'login':
    case 'result':
      return null;
    default:
      message satisfies never;
      return null;
  }
}

/** See the file comment. */
export class MarketStream {
  private readonly socket: ReconnectingSocket;
  private readonly subscriptions = new Map<
    string,
    { topic: StreamTopic; listeners: Set<Listener> }
  >();
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();
  /** Received, not yet handed to listeners (see the file comment). */
  private pending: MarketServerMessage[] = [];

  constructor(private readonly options: MarketStreamOptions) {
    this.socket = openReconnectingSocket({
      url: (ticket) =>
        socketUrl(options.baseUrl, MARKET_SOCKET_PATH, ticket === null ? {} : { ticket }),
      ...(options.getTicket === undefined ? {} : { getTicket: options.getTicket }),
      ping: {
        frame: JSON.stringify({ v: MARKET_STREAM_VERSION, type: 'ping' }),
        intervalMs: MARKET_PING_MS,
      },
      ...(options.WebSocket === undefined ? {} : { WebSocket: options.WebSocket }),
      onOpen: () => {
        for (const { topic } of this.subscriptions.values()) this.transmit('subscribe', topic);
      },
      onMessage: (data) => this.receive(data),
      onStatus: (status) => {
        // What arrived before a drop is handed over before anyone hears of the drop.
        this.deliver();
        options.onStatus?.(status);
        for (const listener of this.statusListeners) listener(status);
      },
    });
  }

  get status(): SocketStatus {
    return this.socket.status;
  }

  /** Calls `listener` on every status change; returns the function that stops it. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Listens to a topic (its snapshot first); returns the function that stops listening. */
  subscribe(topic: StreamTopic, listener: Listener): () => void {
    const key = topicKey(topic);
    const existing = this.subscriptions.get(key);
    if (existing === undefined) {
      this.subscriptions.set(key, { topic, listeners: new Set([listener]) });
      this.transmit('subscribe', topic);
    } else {
      existing.listeners.add(listener);
    }
    return () => {
      const found = this.subscriptions.get(key);
      if (found === undefined || !found.listeners.delete(listener)) return;
      if (found.listeners.size > 0) return;
      this.subscriptions.delete(key);
      this.transmit('unsubscribe', topic);
    };
  }

  /** Asks for a topic's snapshot again (after a missed update). */
  resync(topic: StreamTopic): void {
    this.transmit('unsubscribe', topic);
    this.transmit('subscribe', topic);
  }

  /** Connects again with a fresh ticket (after signing in or out). */
  reconnect(): void {
    this.socket.reconnect();
  }

  close(): void {
    this.subscriptions.clear();
    this.socket.close();
  }

  private transmit(type: 'subscribe' | 'unsubscribe', topic: StreamTopic): void {
    const message: MarketClientMessage = { v: MARKET_STREAM_VERSION, type, ...topic };
    this.socket.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    // One frame may carry several messages (one commit's updates), in order.
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as MarketServerMessage[];
    const first = this.pending.length === 0;
    this.pending.push(...messages);
    if (first) this.scheduleDelivery();
  }

  /**
   * Hands the pending messages to their listeners, in the order received: all of them, or with
   * `all` false up to the first snapshot, the rest in the next delivery. A snapshot draws a whole
   * panel (the book's rows, the trade list) where an update changes a few rows: two of them in one
   * delivery would render, and then lay out, in one task and one frame.
   */
  private deliver(all = true): void {
    let count = this.pending.length;
    if (!all) {
      const snapshot = this.pending.findIndex(isSnapshot);
      if (snapshot >= 0) count = snapshot + 1;
    }
    const messages = this.pending.splice(0, count);
    if (this.pending.length > 0) this.scheduleDelivery();
    for (const message of messages) this.dispatch(message);
  }

  private scheduleDelivery(): void {
    (this.options.schedule ?? afterNextFrame)(() => this.deliver(false));
  }

  private dispatch(message: MarketServerMessage): void {
    if (message?.v !== MARKET_STREAM_VERSION) return;
    if (message.type === 'error') {
      this.options.onError?.(message.message);
      return;
    }
    const key = messageKey(message);
    if (key === null) return;
    for (const listener of this.subscriptions.get(key)?.listeners ?? []) listener(message);
  }
}

/**
 * Keeps a mirror of a pair's book from the stream and calls `onChange` after every change; a
 * missed update (or a reconnect) leads to a fresh snapshot. Returns the mirror and its stop.
 */
export function watchBook(
  stream: MarketStream,
  pair: PairSymbol,
  onChange: (book: BookMirror) => void,
): { book: BookMirror; stop(): void } {
  const book = new BookMirror(PAIRS[pair]);
  const topic: StreamTopic = { stream: 'orders', pair };
  const stop = stream.subscribe(topic, (message) => {
    if (message.type !== 'book') return;
    const result = book.apply(message);
    if (result === 'gap') stream.resync(topic);
    if (result !== 'stale') onChange(book);
  });
  return { book, stop };
}
