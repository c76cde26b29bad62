/**
 * Whether a client has a support socket open anywhere, which decides if a staff reply is pushed
 * (Web Push) and if unread replies are mailed. A PGlite server is alone, so its hub knows. On
 * PostgreSQL several servers may share the database: each keeps a row per client it holds
 * sockets of (support_presence), written when that client's sockets here change and renewed by
 * a heartbeat; a row not renewed within PRESENCE_EXPIRY_S is a stopped server's and no longer
 * counts, so a killed server's clients count as away within that time.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../storage/db.ts';
import { isSharedDatabase } from '../storage/inTurn.ts';
import type { SupportHub } from './hub.ts';

/** How often a server renews its presence rows. */
export const PRESENCE_BEAT_MS = 10_000;

/** How long a row counts without being renewed: three missed beats. */
export const PRESENCE_EXPIRY_S = 30;

/** Who is online for the support chat, across every server on the database. */
export interface SupportPresence {
  /** Records client `userId`'s sockets here as the hub now holds them. */
  changed(userId: number): void;
  /** Whether client `userId` has a support socket open on any server. */
  isOnline(userId: number): Promise<boolean>;
  /** Stops the heartbeat and forgets this server's rows. */
  stop(): Promise<void>;
}

/** The presence `hub` needs on `db`: shared through the database, or the hub's own on PGlite. */
export function supportPresence(
  db: Database,
  hub: SupportHub,
  failed: (error: unknown) => void,
): SupportPresence {
  if (!isSharedDatabase(db)) {
    return {
      changed() {},
      isOnline: async (userId) => hub.isClientOnline(userId),
      async stop() {},
    };
  }
  return new SharedPresence(db, hub, failed);
}

/** Most rows one heartbeat statement writes. */
const BEAT_BATCH = 1000;

/** Presence kept in support_presence, for servers sharing a PostgreSQL database. */
class SharedPresence implements SupportPresence {
  /** This process's rows; a restarted server starts afresh and its old rows expire. */
  private readonly serverId = randomUUID();
  private turn: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly hub: SupportHub,
    private readonly failed: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => this.inTurn(() => this.beat()), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  changed(userId: number): void {
    // Each write reads the hub when its turn comes, so the last one written is the hub's state.
    this.inTurn(async () => {
      const sockets = this.hub.clientSockets(userId);
      if (sockets === 0) {
        await this.db
          .deleteFrom('support_presence')
          .where('server_id', '=', this.serverId)
          .where('user_id', '=', userId)
          .execute();
        return;
      }
      await this.write([[userId, sockets]]);
    });
  }

  async isOnline(userId: number): Promise<boolean> {
    if (this.hub.isClientOnline(userId)) return true;
    const row = await this.db
      .selectFrom('support_presence')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${PRESENCE_EXPIRY_S})`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.inTurn(async () => {
      await this.db.deleteFrom('support_presence').where('server_id', '=', this.serverId).execute();
    });
    await this.turn;
  }

  private inTurn(work: () => Promise<void>): void {
    this.turn = this.turn.then(work).catch(this.failed);
  }

  /**
   * Renews every row of this server (writing them again, in case another server took them for
   * a stopped one's after a long pause) and deletes rows long expired, whoever's they were.
   */
  private async beat(): Promise<void> {
    const online = [...this.hub.onlineClients()];
    for (let start = 0; start < online.length; start += BEAT_BATCH) {
      await this.write(online.slice(start, start + BEAT_BATCH));
    }
    await this.db
      .deleteFrom('support_presence')
      .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${PRESENCE_EXPIRY_S})`)
      .execute();
  }

  /** Upserts (client, sockets) rows of this server, seen now. */
  private async write(rows: readonly (readonly [number, number])[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('support_presence')
      .values(
        rows.map(([userId, sockets]) => ({
          server_id: this.serverId,
          user_id: userId,
          sockets,
          seen_at: sql<Date>`now()`,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['server_id', 'user_id']).doUpdateSet((eb) => ({
          sockets: eb.ref('excluded.sockets'),
          seen_at: eb.ref('excluded.seen_at'),
        })),
      )
      .execute();
  }
}
