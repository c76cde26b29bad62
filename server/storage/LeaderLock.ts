/**
 * One server in the lead of a role among servers sharing a PostgreSQL database: a
 * session-level advisory lock held on a client of the server's pool for as long as it leads. The
 * others try again every few seconds, so when the leader dies (its connection closes, which drops
 * the lock) another takes over within a retry. The leader checks its connection at the same pace
 * and stops the role when it is lost, as the lock went with it. On PGlite the server is alone and
 * leads at once: the spot market's one use of it today (sharing PostgreSQL, the market's units
 * are held by each server's seat, whose beat also tells a hung server: MarketSeat.ts). A hung
 * leader keeps its lock, idle sessions are never ended by PostgreSQL, so a role held here is
 * stuck while its leader hangs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Database, postgresPool } from './db.ts';

/** What a leader runs, stopped when it stops leading. */
export interface Role {
  stop(): Promise<void>;
}

/**
 * How often a follower tries for the lead, and a leader checks its connection; also how often
 * a market seat looks for free units. The market's failover goal is 3 s from an owner's death to
 * the next order taken: a try each second leaves room for rebuilding the books, at the cost of
 * one small query per second per server.
 */
export const LEADER_RETRY_MS = 1_000;

/** See the file comment. */
export class LeaderLock {
  private client: pg.PoolClient | null = null;
  private role: Role | null = null;
  private timer: NodeJS.Timeout | null = null;
  private step: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool | null,
    private readonly name: string,
    private readonly lead: () => Promise<Role>,
    private readonly log: FastifyBaseLogger,
    private readonly retryMs: number,
  ) {}

  /**
   * Tries for the lead of `name` now (on PGlite it is had at once) and every `retryMs` after
   * until closed; `lead` starts the role whenever this server takes the lead. Resolves once the
   * first try is over, so a server that leads has started the role by then.
   */
  static async hold(
    db: Database,
    name: string,
    lead: () => Promise<Role>,
    log: FastifyBaseLogger,
    retryMs = LEADER_RETRY_MS,
  ): Promise<LeaderLock> {
    const lock = new LeaderLock(postgresPool(db), name, lead, log, retryMs);
    if (lock.pool === null) lock.role = await lead();
    else await lock.next();
    return lock;
  }

  /** Whether this server leads now. */
  get leading(): boolean {
    return this.role !== null;
  }

  /** Stops trying, stops the role, and gives the lead up for another server to take. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.step;
    await this.resign();
  }

  // One try (or check) at a time: the next is scheduled once this one is over.
  private next(): Promise<void> {
    this.step = (this.client === null ? this.tryToLead() : this.checkConnection())
      .catch((error: unknown) => this.log.warn({ err: error }, `${this.name}: not leading`))
      .finally(() => {
        if (this.closed) return;
        this.timer = setTimeout(() => void this.next(), this.retryMs);
        this.timer.unref();
      });
    return this.step;
  }

  private async tryToLead(): Promise<void> {
    if (this.pool === null || this.closed) return;
    // A connection lost while leading does not end the process (the pool hears every client's
    // errors, see db.ts); the next check notices it.
    const client = await this.pool.connect();
    const { rows } = await client
      .query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [this.name])
      .catch((error: unknown) => {
        client.release(true);
        throw error;
      });
    if (rows[0]?.held !== true) {
      client.release();
      return;
    }
    this.client = client;
    this.log.info(`${this.name}: this server leads`);
    try {
      this.role = await this.lead();
    } catch (error) {
      // A role that would not start gives the lead back, so another server may try.
      await this.resign();
      throw error;
    }
  }

  // The lock lives as long as the connection: a failed query means both are gone.
  private async checkConnection(): Promise<void> {
    try {
      await this.client?.query('select 1');
    } catch (error) {
      await this.resign(error);
      throw error;
    }
  }

  private async resign(lost?: unknown): Promise<void> {
    const { role, client } = this;
    this.role = null;
    this.client = null;
    await role?.stop();
    if (client === null) return;
    if (lost !== undefined) {
      client.release(true);
      return;
    }
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [this.name]);
      client.release();
    } catch {
      // Closing the connection drops the lock all the same.
      client.release(true);
    }
  }
}
