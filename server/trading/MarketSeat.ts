/**
 * A server's seat among those matching the spot market's units (units.ts: the whole market as
 * one unit, or spread, one per pair): one connection of its own holding its own advisory lock
 * (so every server can tell at once that it lives: a killed server's connection, and the lock,
 * go with it) and the lock of each unit it owns. On it, every SERVER_BEAT_MS, it says it is alive
 * (`market_servers`) and ends any server silent too long (ownerHeartbeat.ts), and each moment it
 * reads who else is alive and takes or gives up units by two rules:
 *
 * - **Fair share.** A server takes a free unit only while it owns fewer than
 *   ceil(units / live servers), and gives one up (settled, then unlocked) each moment it owns
 *   more, so servers started one after another end even (8 pairs on 3 servers: 3, 3, 2), and a
 *   dead server's units are taken by the survivors at their next look (at once when they ended
 *   it for its silence).
 * - **Pins.** A server's pinned pairs (`MARKET_PIN`) are taken first whatever its share, and no
 *   other server takes one while its pinner lives; one held by another server is given up to
 *   its pinner.
 *
 * A unit's lock still fences nothing by itself: its epoch does (ownership.ts). A lost connection
 * stops every unit's role, as a lost lock does.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import type { Role } from '../storage/LeaderLock.ts';
import { beatAndEndSilent, SERVER_BEAT_MS, SERVER_SILENCE_MS } from './ownerHeartbeat.ts';
import { lockNameOf, SEAT_LOCK_PREFIX } from './ownership.ts';
import type { MarketUnit } from './units.ts';

/** One unit as the seat holds it. */
interface Seated {
  unit: MarketUnit;
  lead: (() => Promise<Role>) | null;
  role: Role | null;
}

/** What the seat reads of the other servers each moment. */
interface Others {
  /** The live servers that may match, this one included. */
  live: number;
  /** The pairs a live server other than this one is pinned to. */
  pinnedElsewhere: Set<string>;
}

/** The advisory lock that says a server lives, by its id. */
function seatLockOf(id: string): string {
  return `${SEAT_LOCK_PREFIX}${id}`;
}

/** See the file comment. */
export class MarketSeat {
  /** This server's id for as long as it runs. */
  readonly id = randomUUID();
  private client: pg.PoolClient | null = null;
  private readonly seated: Seated[];
  private timer: NodeJS.Timeout | null = null;
  private step: Promise<void> = Promise.resolve();
  private taking = true;
  private beats: NodeJS.Timeout | null = null;
  private beating = false;
  /** A look is asked for as soon as the one running is over (a silent server was ended). */
  private again = false;

  private constructor(
    private readonly pool: pg.Pool,
    units: readonly MarketUnit[],
    private readonly pins: readonly PairSymbol[],
    private readonly log: FastifyBaseLogger,
    private readonly retryMs: number,
  ) {
    this.seated = units.map((unit) => ({ unit, lead: null, role: null }));
  }

  /** A seat for the units; it takes none until `start`. */
  static async open(
    db: Database,
    units: readonly MarketUnit[],
    pins: readonly PairSymbol[],
    log: FastifyBaseLogger,
    retryMs: number,
  ): Promise<MarketSeat> {
    const pool = postgresPool(db);
    if (pool === null) throw new Error('a spread market needs PostgreSQL');
    return new MarketSeat(pool, units, pins, log, retryMs);
  }

  /** The role to run whenever this server takes the unit `name`; the handle gives it up. */
  async hold(name: string, lead: () => Promise<Role>): Promise<{ close(): Promise<void> }> {
    const seated = this.seatedAs(name);
    seated.lead = lead;
    return { close: () => this.queue(() => this.release(seated)) };
  }

  /**
   * Takes the first units now (resolves once that look is over), then looks every moment, and
   * beats (ownerHeartbeat.ts) until closed.
   */
  start(): Promise<void> {
    this.beats = setInterval(() => this.beat(), SERVER_BEAT_MS);
    this.beats.unref();
    return this.next();
  }

  /** Takes nothing more (shutdown; the units are given up one by one after). */
  async stopTaking(): Promise<void> {
    this.taking = false;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.step;
  }

  /** Gives every unit up and closes the seat's connection. */
  async close(): Promise<void> {
    await this.stopTaking();
    await this.queue(async () => {
      for (const seated of this.seated) await this.release(seated);
      // Heard until its last unit is given up: a long shutdown is not a hang.
      if (this.beats !== null) clearInterval(this.beats);
      // Ended, not handed back to the pool: the session still holds this server's seat lock,
      // which on a pooled connection would say a closed server lives (and get that connection
      // ended under whoever used it next, once the server's beat went silent).
      this.client?.release(true);
      this.client = null;
    });
  }

  /** The units this server owns now, by name. */
  get owned(): string[] {
    return this.seated.filter((seated) => seated.role !== null).map((each) => each.unit.name);
  }

  private seatedAs(name: string): Seated {
    const seated = this.seated.find((each) => each.unit.name === name);
    if (seated === undefined) throw new Error(`no unit ${name}`);
    return seated;
  }

  private queue(job: () => Promise<void>): Promise<void> {
    this.step = this.step.then(job, job);
    return this.step;
  }

  // One look at a time; the next is scheduled once this one is over.
  private next(): Promise<void> {
    this.timer = null;
    return this.queue(() =>
      this.look()
        .catch((error: unknown) => this.log.warn({ err: error }, 'spot market seat: no look'))
        .finally(() => {
          if (!this.taking) return;
          this.timer = setTimeout(() => void this.next(), this.again ? 0 : this.retryMs);
          this.timer.unref();
          this.again = false;
        }),
    );
  }

  /** Looks now, or once the look running is over: a silent server's units are free. */
  private lookSoon(): void {
    if (!this.taking) return;
    if (this.timer === null) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    void this.next();
  }

  /**
   * Says this server is alive and ends the servers silent too long, one beat at a time on the
   * seat's own connection; a lost connection is the next look's to find.
   */
  private beat(): void {
    const client = this.client;
    if (client === null || this.beating) return;
    this.beating = true;
    beatAndEndSilent(client, this.id)
      .then((ended) => {
        if (ended.length === 0) return;
        this.log.warn(
          `spot market seat: server ${ended.join(', ')} was silent over ${SERVER_SILENCE_MS} ms; its connections were ended`,
        );
        this.lookSoon();
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'spot market seat: no beat'))
      .finally(() => {
        this.beating = false;
      });
  }

  private async look(): Promise<void> {
    if (!this.taking) return;
    const client = await this.seat();
    const others = await this.readOthers(client);
    if (others === null) return;
    const share = Math.ceil(this.seated.length / Math.max(1, others.live));
    const owned = this.seated.filter((seated) => seated.role !== null);
    const mine = (seated: Seated) => seated.unit.pairs.some((pair) => this.pins.includes(pair));
    const elsewhere = (seated: Seated) =>
      seated.unit.pairs.some((pair) => others.pinnedElsewhere.has(pair));
    // One unit a look is given up: to its pinner, or as more than the fair share.
    const giveUp =
      owned.find(elsewhere) ??
      (owned.length > share ? owned.filter((seated) => !mine(seated)).at(-1) : undefined);
    if (giveUp !== undefined) {
      this.log.info(`spot market seat: giving ${giveUp.unit.name} up (share ${share})`);
      await this.release(giveUp);
      return;
    }
    let count = owned.length;
    const free = this.seated.filter((seated) => seated.role === null && !elsewhere(seated));
    for (const seated of [...free.filter(mine), ...free.filter((s) => !mine(s))]) {
      if (!mine(seated) && count >= share) break;
      if (await this.take(client, seated)) count += 1;
    }
  }

  /** The seat's connection, made and registered when there is none. */
  private async seat(): Promise<pg.PoolClient> {
    if (this.client !== null) return this.client;
    const fresh = await this.pool.connect();
    try {
      await fresh.query('select pg_advisory_lock(hashtext($1))', [seatLockOf(this.id)]);
      await fresh.query(
        `insert into market_servers (id, pins) values ($1, $2)
           on conflict (id) do update set beat_at = now(), pins = excluded.pins`,
        [this.id, this.pins],
      );
      // Servers gone long ago are forgotten.
      await fresh.query(`delete from market_servers where beat_at < now() - interval '1 hour'`);
    } catch (error) {
      fresh.release(true);
      throw error;
    }
    this.client = fresh;
    return fresh;
  }

  /**
   * The live servers: registered, heard within the silence allowed, and still holding their own
   * lock (a killed server's lock goes with its connection, at once). Null when the seat's
   * connection is lost (so are the units' locks: every role is stopped).
   */
  private async readOthers(client: pg.PoolClient): Promise<Others | null> {
    const read = await client
      .query<{ id: string; pins: string[] }>(
        `select s.id, s.pins from market_servers s
         where s.beat_at > now() - $1::interval
           and exists (
             select 1 from pg_locks l
               where l.locktype = 'advisory' and l.granted
                 and l.database = (select oid from pg_database where datname = current_database())
                 and l.objid::bigint = (hashtext($2::text || s.id)::bigint & 4294967295))`,
        [`${SERVER_SILENCE_MS} milliseconds`, SEAT_LOCK_PREFIX],
      )
      .then(
        (result) => result,
        async (error: unknown) => {
          await this.lost(error);
          return null;
        },
      );
    if (read === null) return null;
    const { rows } = read;
    const pinnedElsewhere = new Set(
      rows.filter((row) => row.id !== this.id).flatMap((row) => row.pins),
    );
    return { live: rows.length, pinnedElsewhere };
  }

  /** Tries a unit's lock; on taking it, starts its role. True when this server owns it now. */
  private async take(client: pg.PoolClient, seated: Seated): Promise<boolean> {
    if (seated.lead === null) return false;
    const name = lockNameOf(seated.unit.name);
    const { rows } = await client.query<{ held: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as held',
      [name],
    );
    if (rows[0]?.held !== true) return false;
    this.log.info(`${name}: this server leads`);
    try {
      seated.role = await seated.lead();
      return true;
    } catch (error) {
      // A role that would not start gives the lock back, so another server may try.
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      this.log.warn({ err: error }, `${name}: the role did not start`);
      return false;
    }
  }

  /** Stops a unit's role, then gives its lock up for another server to take. */
  private async release(seated: Seated): Promise<void> {
    const role = seated.role;
    if (role === null) return;
    seated.role = null;
    await role.stop();
    await this.client
      ?.query('select pg_advisory_unlock(hashtext($1))', [lockNameOf(seated.unit.name)])
      .catch(() => {
        // The connection is going: the lock goes with it.
      });
  }

  /** The seat's connection is lost, and every unit's lock with it: every role stops. */
  private async lost(error: unknown): Promise<void> {
    this.log.warn({ err: error }, 'spot market seat: connection lost; every unit is given up');
    const client = this.client;
    this.client = null;
    client?.release(true);
    for (const seated of this.seated) {
      const role = seated.role;
      seated.role = null;
      await role?.stop();
    }
  }
}
