/**
 * The live counters: `count` is the number of open live connections (visitors online
 * now), `views` the page views recorded by metrics.addVisitor. Changes are pushed to every
 * connection, at most once per throttle window, so a burst of visits costs one broadcast.
 */
import type { LiveCountersMessage } from '../../core/protocol/index.ts';

/** The least time between two broadcasts. */
export const LIVE_THROTTLE_MS = 250;

/** What the hub needs of a connection. */
export interface LiveSocket {
  send(data: string): void;
}

/** Counts connections and views and tells every connection when they change. */
export class LiveHub {
  readonly #sockets = new Set<LiveSocket>();
  #views: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSent = 0;

  /** Starts from the views already recorded. */
  constructor(views: number) {
    this.#views = views;
  }

  /** The current figures. */
  get counters(): LiveCountersMessage {
    return { type: 'LIVE_COUNTERS', views: this.#views, count: this.#sockets.size };
  }

  /** A connection opened: it gets the figures at once, everyone else soon. */
  join(socket: LiveSocket): void {
    this.#sockets.add(socket);
    socket.send(JSON.stringify(this.counters));
    this.#schedule();
  }

  /** A connection closed. */
  leave(socket: LiveSocket): void {
    if (this.#sockets.delete(socket)) this.#schedule();
  }

  /** A page view was recorded. */
  recordView(): void {
    this.#views++;
    this.#schedule();
  }

  /** Stops the pending broadcast (server shutdown). */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const wait = Math.max(0, this.#lastSent + LIVE_THROTTLE_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#lastSent = Date.now();
      const message = JSON.stringify(this.counters);
      for (const socket of this.#sockets) socket.send(message);
    }, wait);
  }
}
