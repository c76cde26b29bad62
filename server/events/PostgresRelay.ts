/**
 * The event bus between servers sharing one PostgreSQL database: what a server publishes goes out
 * with NOTIFY on one channel, and every server LISTENs there and hands what others published to
 * its own listeners. PostgreSQL delivers one session's notifications in the order they were sent,
 * so events are sent from one connection, in publish order: a dialog's messages arrive in the
 * order they were stored, on every server. Events published together are sent as one
 * notification, up to the 8,000 bytes NOTIFY takes.
 *
 * While the connection is down, events wait (up to MAX_WAITING) and go out after the reconnect;
 * notifications sent by others meanwhile are lost to this server: `onLost` and `onReconnect` let
 * whoever keeps state from them (a socket's view) take a fresh look.
 *
 * Each event carries its number in its bus's sequence, and a server hands on only events newer
 * than the last it handed on from that bus: a notification whose send failed after PostgreSQL
 * had taken it (the connection cut before the answer) goes out again, and is heard once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { EventBus, EventMap, Json } from './EventBus.ts';

/** The channel every server's bus listens on. */
export const EVENTS_CHANNEL = 'server_events';

/** NOTIFY refuses a payload of 8,000 bytes or more; this leaves room for the envelope. */
export const MAX_NOTIFY_BYTES = 7_900;

/** Events kept while the connection is down; the oldest are dropped (and logged) past this. */
export const MAX_WAITING = 10_000;

/** How long after a lost connection the relay tries again. */
export const RECONNECT_MS = 1_000;

/**
 * How often an idle listening connection is asked a trivial question: a connection cut without
 * a word (a network gone, not a closed socket) shows only when used, and a relay that only
 * listens might not use it for long.
 */
export const CHECK_MS = 5_000;

/**
 * One notification: the bus that published, its events in order, each [name, payload], and the
 * number of the first in that bus's sequence (last, so that a server of the version before,
 * which sent and read only the first two, and this one still understand each other).
 */
type Envelope = [origin: string, events: [name: string, payload: Json][], first?: number];

/** See the file comment. */
export class PostgresRelay<Events extends EventMap<Events>> {
  private client: pg.PoolClient | null = null;
  /** Events to send, each as JSON, numbered in publish order from 1. */
  private readonly waiting: { seq: number; event: string }[] = [];
  private published = 0;
  /**
   * The last event handed on from each other bus, by origin. A restarted server is a new bus,
   * so this grows by one entry a start: a few a day.
   */
  private readonly heard = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly check: NodeJS.Timeout;
  private readonly stopRelaying: () => void;
  private readonly reconnectListeners = new Set<() => void>();
  private readonly lostListeners = new Set<() => void>();
  /** Other channels heard on this connection, with who hears each. */
  private readonly channels = new Map<string, (payload: string) => void>();
  /** How this bus's own notifications begin: heard back, they are dropped before parsing. */
  private readonly ownPrefix: string;

  private constructor(
    private readonly bus: EventBus<Events>,
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ownPrefix = `[${JSON.stringify(bus.origin)},`;
    this.stopRelaying = bus.relayTo((name, payload) => this.enqueue(name, payload));
    this.check = setInterval(() => {
      const client = this.client;
      client?.query('select 1').catch((error: unknown) => this.lose(client, error));
    }, CHECK_MS);
    this.check.unref();
  }

  /** Relays `bus` over `pool`'s database; resolves once this server listens. */
  static async start<Events extends EventMap<Events>>(
    bus: EventBus<Events>,
    pool: pg.Pool,
    log: FastifyBaseLogger,
  ): Promise<PostgresRelay<Events>> {
    const relay = new PostgresRelay(bus, pool, log);
    await relay.connect();
    return relay;
  }

  /** Whether this server hears the others now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Calls `listener` after each reconnect (what was sent meanwhile is lost); returns the stop. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /**
   * Hears `channel` on this connection too: NOTIFY sent inside a domain's own transactions (the
   * market's intake), delivered when they commit. What is sent while the connection is down is
   * lost: its hearer must also look for itself now and then. Returns the function that stops it.
   */
  async listen(channel: string, hear: (payload: string) => void): Promise<() => void> {
    this.channels.set(channel, hear);
    await this.client?.query(`listen ${quoted(channel)}`);
    return () => {
      this.channels.delete(channel);
      this.client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
    };
  }

  /** Calls `listener` when the connection is lost (news from others stops until it is back). */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Sends what waits, stops listening and closes its connection. */
  async close(): Promise<void> {
    this.stopRelaying();
    await this.flush();
    this.closed = true;
    clearInterval(this.check);
    if (this.timer !== null) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    // A listening connection goes back closed: no later user of the pool inherits its listeners.
    client?.release(true);
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) this.receive(message.payload);
      else this.channels.get(message.channel)?.(message.payload ?? '');
    });
    client.on('error', (error) => this.lose(client, error));
    try {
      for (const channel of [EVENTS_CHANNEL, ...this.channels.keys()]) {
        await client.query(`listen ${quoted(channel)}`);
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    this.client = client;
    void this.flush();
  }

  private lose(client: pg.PoolClient, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.release(true);
    this.log.warn({ err: error }, 'server events: connection lost, reconnecting');
    for (const listener of this.lostListeners) listener();
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => {
          this.log.info('server events: listening again');
          for (const listener of this.reconnectListeners) listener();
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'server events: cannot reconnect yet');
          this.retry();
        },
      );
    }, RECONNECT_MS);
    this.timer.unref();
  }

  private enqueue(name: string, payload: Json): void {
    const event = JSON.stringify([name, payload]);
    if (Buffer.byteLength(event) > MAX_NOTIFY_BYTES - 100) {
      // A payload names what changed; one this large is a bug in its publisher, not news to send.
      this.log.error({ name, bytes: Buffer.byteLength(event) }, 'server event too large to relay');
      return;
    }
    if (this.waiting.length >= MAX_WAITING) {
      this.waiting.shift();
      this.log.warn('server events: too many waiting for the connection, the oldest dropped');
    }
    this.published += 1;
    this.waiting.push({ seq: this.published, event });
    void this.flush();
  }

  // One sender at a time, so notifications leave in publish order.
  private flush(): Promise<void> {
    this.flushing ??= this.sendWaiting().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendWaiting(): Promise<void> {
    while (this.waiting.length > 0 && this.client !== null) {
      const count = this.fitting();
      const first = this.waiting[0]?.seq ?? 0;
      const events = this.waiting.slice(0, count).map((waiting) => waiting.event);
      const text = `${this.ownPrefix}[${events.join(',')}],${first}]`;
      try {
        await this.client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, text]);
        this.waiting.splice(0, count);
      } catch (error) {
        // Left waiting: the connection's error handler reconnects and the flush resumes.
        this.log.warn({ err: error }, 'server events: could not send');
        return;
      }
    }
  }

  // How many waiting events fit in one notification (at least one).
  private fitting(): number {
    let bytes = 64;
    let count = 0;
    for (const { event } of this.waiting) {
      bytes += Buffer.byteLength(event) + 1;
      if (count > 0 && bytes > MAX_NOTIFY_BYTES) break;
      count++;
    }
    return count;
  }

  private receive(text: string | undefined): void {
    // A server hears its own notifications too (a batch's news is up to 8 KB): not parsed.
    if (text === undefined || text.startsWith(this.ownPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.log.warn('server events: unreadable notification ignored');
      return;
    }
    const [origin, events, first] = envelope;
    if (origin === this.bus.origin) return;
    const last = this.heard.get(origin) ?? 0;
    for (const [index, [name, payload]] of events.entries()) {
      if (first !== undefined) {
        // Heard already, in a notification sent again after a cut connection.
        if (first + index <= last) continue;
        this.heard.set(origin, first + index);
      }
      try {
        this.bus.deliver(name as keyof Events, payload as Events[keyof Events]);
      } catch (error) {
        this.log.error({ err: error, name }, 'server events: a listener failed');
      }
    }
  }
}

/** A channel name as an SQL identifier. */
function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}
