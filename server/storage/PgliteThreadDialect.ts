/**
 * Kysely over PGlite running on a thread of its own (pgliteThread.mjs). PGlite executes every
 * statement synchronously on the thread that calls it; on the server's main thread that time
 * is taken from HTTP, JSON and the matching engine. On its own thread the database works on
 * one core while the server answers requests on the other. One connection, as PGlite has:
 * statements and transactions take turns.
 */
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/** A statement sent to the database thread (pgliteThread.mjs), or `close`. */
export type ThreadRequest =
  | { id: number; close?: false; sql: string; parameters: unknown[] }
  | { id: number; close: true };

/** The thread's answer to request `id`; id 0 says the database is open (or why it is not). */
export type ThreadAnswer =
  | { id: number; rows: unknown[]; affectedRows?: number | undefined; error?: undefined }
  | { id: number; error: Record<string, unknown> };

/** The database thread's young generation (V8's default is several times this), in MB. */
const YOUNG_GENERATION_MB = 4;

/** The database thread, with the requests it has not answered yet. */
class DatabaseThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (answer: ThreadAnswer) => void>();
  private nextId = 1;
  readonly opened: Promise<void>;

  constructor(dataDir: string | undefined, loadDataDir: string | undefined) {
    this.worker = new Worker(new URL('./pgliteThread.mjs', import.meta.url), {
      workerData: { dataDir, loadDataDir },
      // The thread's objects are short-lived rows on their way out: a small young generation.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.opened = new Promise((resolve, reject) => {
      this.pending.set(0, (answer) => (answer.error ? reject(errorOf(answer.error)) : resolve()));
    });
    this.worker.on('message', (answer: ThreadAnswer) => {
      this.pending.get(answer.id)?.(answer);
      this.pending.delete(answer.id);
      // An idle database keeps the process alive no more than PGlite on the main thread would.
      if (this.pending.size === 0) this.worker.unref();
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) =>
      this.failAll(new Error(`the database thread exited (${code})`)),
    );
  }

  async query(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    const answer = await this.send({ id: this.nextId++, sql, parameters: [...parameters] });
    if (answer.error) throw errorOf(answer.error);
    return {
      rows: answer.rows,
      ...(answer.affectedRows ? { numAffectedRows: BigInt(answer.affectedRows) } : {}),
    };
  }

  async close(): Promise<void> {
    await this.send({ id: this.nextId++, close: true });
    await this.worker.terminate();
  }

  private send(request: ThreadRequest): Promise<ThreadAnswer> {
    return new Promise((resolve) => {
      this.pending.set(request.id, resolve);
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  private failAll(error: Error): void {
    const fields = { message: error.message };
    for (const [id, answer] of this.pending) answer({ id, error: fields });
    this.pending.clear();
  }
}

/** An error rebuilt from the thread's fields, so `code`, `constraint` and the rest still read. */
function errorOf(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** The one connection: statements go to the thread in turn. */
class ThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: DatabaseThread) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.thread.query(query.sql, query.parameters) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: nothing here streams; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite on its own thread does not stream results');
  }
}

class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;
  private busy = false;
  private readonly waiting: ((connection: ThreadConnection) => void)[] = [];

  constructor(private readonly thread: DatabaseThread) {
    this.connection = new ThreadConnection(thread);
  }

  async init(): Promise<void> {
    await this.thread.opened;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next === undefined) this.busy = false;
    else next(this.connection);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/**
 * PGlite in `dataDir` (in memory when undefined) on a thread of its own; see the file comment.
 * `loadDataDir` names a tarball of a data folder (PGlite's `dumpDataDir`) to start from instead
 * of an empty cluster: the tests start each database from one migrated copy that way.
 */
export class PgliteThreadDialect implements Dialect {
  private readonly thread: DatabaseThread;

  constructor(dataDir: string | undefined, loadDataDir?: string) {
    this.thread = new DatabaseThread(dataDir, loadDataDir);
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new ThreadDriver(this.thread);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
