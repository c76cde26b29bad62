/**
 * The callers of the last session lookups, answered again while the database has provably not
 * changed since, on the embedded database only. PGlite is one server's own database with one
 * connection: every write of any server code, committed or rolled back, goes through it, and
 * each one moves the write-ahead log's insert position. A lookup brings that position along in
 * its own statement; a later batch of the same tokens first asks for the position alone, a
 * statement far cheaper there than the lookup's plan, and when it has not moved (and the
 * sessions have not expired meanwhile) the rows the lookup read are still the rows in the
 * database, so the answer is the one a new lookup would give. Any write in between, by any
 * domain, means a full lookup. PostgreSQL is left out: other servers and connections write
 * concurrently there, so a position read within a statement does not bound what its snapshot saw.
 */
import { sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';

/** A caller as a lookup found it, with what it brought along by name (sessions.ts's SessionCaller). */
interface Found {
  brought?: Readonly<Record<string, unknown>>;
}

/** A set of columns by name (sessions.ts's CallerColumns). */
type Columns = Readonly<Record<string, unknown>>;

/** Brought with every token of a lookup on the embedded database (see the file comment). */
export const LOOKUP_STAMP = {
  lookupPosition: sql<string>`pg_current_wal_insert_lsn()::text`,
  lookupExpires: sql<Date>`sessions.expires_at`,
};

/** The most callers kept: a quiet database read by many sessions keeps at most these. */
const MAX_KEPT = 10_000;

/** After a position that moved, batches that go straight to a lookup before checking again. */
const SKIP_AFTER_MOVE = 4;

/** What a batch asked: each token with the columns each of its askers wants, if any. */
export type AskedColumns = ReadonlyMap<string, readonly (Columns | undefined)[]>;

/** See the file comment. */
export class LastLookup<C extends Found> {
  private callers = new Map<string, C>();
  private position: string | null = null;
  private embedded: Promise<boolean> | null = null;
  /** Known once `stamps` has answered: only then, and only on the embedded database, is it on. */
  private on = false;
  private skip = 0;

  constructor(private readonly db: Queryable) {}

  /** Whether lookups should bring LOOKUP_STAMP: on the embedded database only. */
  stamps(): Promise<boolean> {
    this.embedded ??= sql<{ version: string }>`select version() as version`
      .execute(this.db)
      .then(({ rows }) => {
        this.on = /\bwasm32\b/.test(rows[0]?.version ?? '');
        return this.on;
      });
    return this.embedded;
  }

  /**
   * Keeps a stamped lookup's callers (all of one statement): added to those kept when the
   * database has not changed since they were read, else in their place.
   */
  remember(found: ReadonlyMap<string, C>): void {
    const first = found.values().next().value;
    const position = first?.brought?.lookupPosition;
    if (!this.on || typeof position !== 'string') return;
    if (position !== this.position || this.callers.size + found.size > MAX_KEPT) {
      this.callers = new Map();
    }
    for (const [token, caller] of found) this.callers.set(token, caller);
    this.position = position;
  }

  /** Whether `answer` may answer at all: on the embedded database, after a first lookup. */
  get answering(): boolean {
    return this.on && this.position !== null;
  }

  /**
   * The callers of `asked` as the last lookup found them, if it found every one with every column
   * asked, none has expired, and the database has not changed since; else null.
   */
  async answer(asked: AskedColumns, now = Date.now()): Promise<Map<string, C> | null> {
    if (!this.on || this.position === null) return null;
    if (this.skip > 0) {
      this.skip -= 1;
      return null;
    }
    const found = new Map<string, C>();
    for (const [token, columns] of asked) {
      const caller = this.callers.get(token);
      const expires = caller?.brought?.lookupExpires;
      if (caller === undefined || !(expires instanceof Date) || expires.getTime() <= now) {
        return null;
      }
      if (!columns.every((set) => set === undefined || hasColumns(caller, set))) return null;
      found.set(token, caller);
    }
    const row = await this.db
      .selectNoFrom(LOOKUP_STAMP.lookupPosition.as('position'))
      .executeTakeFirstOrThrow();
    if (row.position === this.position) return found;
    this.skip = SKIP_AFTER_MOVE;
    return null;
  }
}

function hasColumns(caller: Found, columns: Columns): boolean {
  const brought = caller.brought ?? {};
  return Object.keys(columns).every((name) => name in brought);
}
