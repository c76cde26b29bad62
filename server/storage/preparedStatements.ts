/**
 * Prepared statements on PostgreSQL. Kysely sends every query without a name, and node-postgres
 * then has the server parse and plan the text again on every call. A connection of this kind
 * names each statement it sends repeatedly, so the server parses it once per connection and
 * afterwards only binds the values and runs it.
 */
import pg from 'pg';
import { boundValues } from './arrayLiteral.ts';

/**
 * Named statements per connection. Each keeps its parse tree and plan in the connection's server
 * process (a few KB to tens of KB); the server's hot statements number in the tens, so this
 * leaves room for all of them while a pool of connections costs the database a few MB at most.
 * Texts first repeated after a connection reaches it stay unnamed.
 */
export const MAX_NAMED_STATEMENTS = 256;

/**
 * A statement with more parameters stays unnamed: it is almost always an IN-list or a multi-row
 * insert whose text changes with its size, and naming every size would fill the connection's
 * names with shapes that seldom come back.
 */
export const MAX_NAMED_PARAMETERS = 64;

/** Texts seen once that a connection remembers before it starts counting afresh. */
const SEEN_ONCE_LIMIT = 1_024;

/** Only queries PostgreSQL plans; utility commands (begin, listen, set ...) have no plan to keep. */
const PLANNED = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

/**
 * Whether `error` says a named statement can no longer run as prepared: a table it reads changed
 * the shape of its rows (a migration by another server), or the statement is gone from the
 * connection (`DISCARD ALL`, a pooler handing out another connection).
 */
export function isStalePlan(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '26000') return true;
  return code === '0A000' && /cached plan must not change result type/.test(error.message);
}

/** One connection's statement names: a text gets one on its second use, within the bounds. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seenOnce = new Set<string>();
  private issued = 0;

  /** The name to send `text` under, or null to send it unnamed. */
  nameFor(text: string, parameters: number): string | null {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (parameters > MAX_NAMED_PARAMETERS || this.issued >= MAX_NAMED_STATEMENTS) return null;
    if (!PLANNED.test(text)) return null;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= SEEN_ONCE_LIMIT) this.seenOnce.clear();
      this.seenOnce.add(text);
      return null;
    }
    this.seenOnce.delete(text);
    // A counter, not a hash of the text: unique on the connection, so a text whose statement
    // went stale is named afresh without meeting its old name (node-postgres would reuse it).
    this.issued += 1;
    const fresh = `k${this.issued}`;
    this.names.set(text, fresh);
    return fresh;
  }

  /** Drops `text`'s name; a later use names it afresh (the old one still counts to the bound). */
  forget(text: string): void {
    this.names.delete(text);
  }

  /** How many texts have a name now. */
  get size(): number {
    return this.names.size;
  }
}

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** node-postgres's own `query`, untyped: its overloads cannot be restated in one signature. */
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A node-postgres client that sends repeated statements prepared, its array values written as
 * literals by arrayLiteral.ts. Only `query(text, values)` is changed (what Kysely, the pool and
 * the rate limiter call); query configs, streams and plain text without values go through as
 * they are.
 */
export class PreparingClient extends pg.Client {
  /** This connection's statement names. */
  readonly statements = new StatementNames();

  // biome-ignore lint/suspicious/noExplicitAny: one body for pg's many overloads of `query`.
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    if (typeof config !== 'string' || !Array.isArray(values)) {
      return clientQuery.call(this, config, values, callback);
    }
    const answer = this.queryNamed(config, boundValues(values));
    if (typeof callback !== 'function') return answer;
    answer.then(
      (result) => (callback as Callback)(null, result),
      (error: Error) => (callback as Callback)(error),
    );
    return undefined;
  }

  private async queryNamed(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = this.statements.nameFor(text, values.length);
    if (name === null) return this.run(text, values);
    try {
      return await this.run({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.statements.forget(text);
      // Inside a transaction the failed statement has aborted it: the caller sees the error (and
      // may run the transaction again, which then prepares afresh). Outside, once more unnamed.
      if (this.getTransactionStatus() !== 'I') throw error;
      return this.run(text, values);
    }
  }

  /** node-postgres's own query (a method, not a closure: no function made per statement). */
  private run(config: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    return clientQuery.call(this, config, values) as Promise<pg.QueryResult>;
  }
}
