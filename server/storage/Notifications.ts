/**
 * PostgreSQL notifications (LISTEN) on a connection of their own, held from the server's pool for
 * as long as the server listens. A lost connection is replaced after `retryMs`; what was sent in
 * between is lost, so a listener must also look for itself now and then (every user here polls
 * at that pace too) and treat a notification as a hint to look sooner.
 */
import type pg from 'pg';

/** Called with a notification's payload. */
export type NotificationHandler = (payload: string) => void;

/** See the file comment. */
export class Notifications {
  private client: pg.PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly handlers: ReadonlyMap<string, NotificationHandler>,
    private readonly retryMs: number,
  ) {}

  /** Listens on each channel of `handlers`; resolves once listening (or once the first try failed). */
  static async listen(
    pool: pg.Pool,
    handlers: ReadonlyMap<string, NotificationHandler>,
    retryMs: number,
  ): Promise<Notifications> {
    const notifications = new Notifications(pool, handlers, retryMs);
    await notifications.connect();
    return notifications;
  }

  /** Stops listening and gives the connection back. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    // A listening connection goes back closed: no later user of the pool inherits its LISTENs.
    client?.release(true);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const held = client;
      held.on('error', () => this.lost(held));
      client.on('notification', (message) => {
        this.handlers.get(message.channel)?.(message.payload ?? '');
      });
      for (const channel of this.handlers.keys()) {
        await client.query(`listen ${escapeIdentifier(channel)}`);
      }
      this.client = client;
    } catch {
      client?.release(true);
      this.retry();
    }
  }

  private lost(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = null;
    client.release(true);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
  }
}

function escapeIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
