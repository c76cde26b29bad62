/**
 * The live counters: `count` is the number of open live connections (visitors online
 * now) on every server of the exchange, `views` the page views recorded by metrics.addVisitor.
 * Changes are pushed to every connection, at most once per throttle window, so a burst of visits
 * costs one broadcast.
 *
 * Servers sharing a database hear each other on the event bus: a page view is news to all, and
 * each server announces its own connection count when it changes and every LIVE_HEARTBEAT_MS. A
 * server not heard for LIVE_SILENCE_MS (killed, cut off) no longer counts. On one server alone the
 * bus is in process and the figures are its own.
 */
import { randomUUID } from 'node:crypto';
import type { LiveCountersMessage } from '../../core/protocol/index.ts';
import type { ServerEventBus, ServerEvents } from '../events/ServerEvents.ts';

/** The least time between two broadcasts. */
export const LIVE_THROTTLE_MS = 250;

/** How often a server repeats its connection count, so the others know it is alive. */
export const LIVE_HEARTBEAT_MS = 10_000;

/** A server silent this long is taken for gone and its connections stop counting. */
export const LIVE_SILENCE_MS = 3 * LIVE_HEARTBEAT_MS;

/** What the hub needs of a connection. */
export interface LiveSocket {
  send(data: string): void;
}

/** Timings, shorter in tests. */
export interface LiveTimings {
  heartbeatMs: number;
  silenceMs: number;
}

/** Counts connections and views and tells every connection when they change. */
export class LiveHub {
  readonly #sockets = new Set<LiveSocket>();
  /** Other servers' connection counts, with when each was last heard. */
  readonly #others = new Map<string, { count: number; heardAt: number }>();
  readonly #server = randomUUID();
  readonly #stops: (() => void)[] = [];
  #views: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSent = 0;
  #announced = 0;

  /** Starts from the views already recorded, hearing and telling the other servers on `events`. */
  constructor(
    views: number,
    private readonly events: ServerEventBus,
    private readonly timings: LiveTimings = {
      heartbeatMs: LIVE_HEARTBEAT_MS,
      silenceMs: LIVE_SILENCE_MS,
    },
  ) {
    this.#views = views;
    this.#stops.push(
      events.subscribe('live.viewed', () => {
        this.#views++;
        this.#schedule();
      }),
      events.subscribe('live.connections', (news) => this.#heard(news)),
    );
    const heartbeat = setInterval(() => this.#beat(), timings.heartbeatMs);
    heartbeat.unref();
    this.#stops.push(() => clearInterval(heartbeat));
  }

  /** The current figures. */
  get counters(): LiveCountersMessage {
    let count = this.#sockets.size;
    for (const other of this.#others.values()) count += other.count;
    return { type: 'LIVE_COUNTERS', views: this.#views, count };
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

  /** A page view was recorded: every server's figures grow by one. */
  recordView(): void {
    this.events.publish('live.viewed', {});
  }

  /** Stops the timers and listening; the other servers stop counting this one's connections. */
  close(): void {
    for (const stop of this.#stops) stop();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.events.publish('live.connections', { server: this.#server, count: 0 });
  }

  #heard({ server, count }: ServerEvents['live.connections']): void {
    if (server === this.#server) return;
    if (count === 0) this.#others.delete(server);
    else this.#others.set(server, { count, heardAt: Date.now() });
    this.#schedule();
  }

  // Says this server is alive, and forgets servers that stopped saying so.
  #beat(): void {
    this.#announce();
    const silentSince = Date.now() - this.timings.silenceMs;
    for (const [server, { heardAt }] of this.#others) {
      if (heardAt < silentSince) {
        this.#others.delete(server);
        this.#schedule();
      }
    }
  }

  #announce(): void {
    this.#announced = this.#sockets.size;
    this.events.publish('live.connections', { server: this.#server, count: this.#announced });
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const wait = Math.max(0, this.#lastSent + LIVE_THROTTLE_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#lastSent = Date.now();
      // The others hear a change of this server's count with the same throttle as the pages.
      if (this.#sockets.size !== this.#announced) this.#announce();
      const message = JSON.stringify(this.counters);
      for (const socket of this.#sockets) socket.send(message);
    }, wait);
  }
}
