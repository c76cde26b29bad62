/**
 * A market batch's transaction with as few round trips as its statements allow. On PostgreSQL
 * the batch's connection is pipelined for the batch's length (node-postgres's pipeline mode: a
 * statement is written at once, without waiting for the answer of the one before): `begin` goes
 * out with the batch's first statement, and `commit` with its last (`finish`), so a batch of two
 * statements costs two round trips, not four. Each statement keeps its own answer: a failed one
 * fails the batch, and a `commit` behind a failed statement only ends the aborted transaction
 * (PostgreSQL answers it `ROLLBACK`), so nothing is acknowledged that was not committed. On
 * PGlite (one connection, statements taking turns) the batch is an ordinary transaction.
 */
import { Kysely, PostgresDialect, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { type Database, postgresPool, type Queryable } from '../storage/db.ts';
import type { Schema } from '../storage/schema.ts';

/** Runs a batch's last statement and commits with it; its rows. */
export type Finish = <R>(statement: RawBuilder<R>) => Promise<R[]>;

/** node-postgres's client as it is: its pipeline mode is a plain field, read on every query. */
type PipelinedClient = pg.PoolClient & { pipeline: boolean };

/** Runs batches in transactions on one database (see the file comment). */
export class BatchTransactions {
  private readonly pool: pg.Pool | null;
  /** The connection of the batch running now, behind `trx` (one batch at a time). */
  private client: PipelinedClient | null = null;
  /** A query builder over the running batch's connection. */
  private readonly trx: Database;
  /** Sends `begin` and the batch's first statement, until that statement is sent. */
  private begin: ((text: string, values: unknown[]) => Promise<pg.QueryResult>) | null = null;

  constructor(private readonly db: Database) {
    this.pool = postgresPool(db);
    const onBatch = {
      query: (text: string, values: unknown[]) => {
        if (this.client === null) throw new Error('a batch statement outside its batch');
        // The batch's first statement goes out with its `begin`, in one write.
        const begin = this.begin;
        this.begin = null;
        return begin === null ? this.client.query(text, values) : begin(text, values);
      },
      // The connection is the batch's until it ends: see `run`.
      release: () => {},
    };
    this.trx = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: { connect: async () => onBatch } as never }),
    });
  }

  /** Runs `work` in one transaction; `finish` sends its last statement with the commit. */
  async run<T>(work: (trx: Queryable, finish: Finish) => Promise<T>): Promise<T> {
    if (this.pool === null) {
      return this.db
        .transaction()
        .execute((trx) => work(trx, async (statement) => (await statement.execute(trx)).rows));
    }
    if (this.client !== null) throw new Error('a batch runs already');
    const client = (await this.pool.connect()) as PipelinedClient;
    client.pipeline = true;
    this.client = client;
    const sent: Promise<unknown>[] = [];
    const send = (text: string, values: unknown[] = []) => {
      const answer = client.query(text, values);
      answer.catch(() => {});
      sent.push(answer);
      return answer;
    };
    let committed: Promise<pg.QueryResult> | null = null;
    let begun = false;
    const begin = () => {
      if (begun) return;
      begun = true;
      send('begin');
    };
    this.begin = (text, values) =>
      together(client, () => {
        begin();
        return send(text, values);
      });
    const finish: Finish = async <R>(statement: RawBuilder<R>) => {
      if (committed !== null) throw new Error('a batch finished twice');
      const { sql, parameters } = statement.compile(this.trx);
      const answer = together(client, () => {
        begin();
        const written = send(sql, [...parameters]);
        committed = send('commit');
        return written;
      });
      return (await answer).rows as R[];
    };
    let broken = false;
    try {
      const result = await work(this.trx, finish);
      begin();
      const ended = await (committed ?? send('commit'));
      if (ended.command !== 'COMMIT') throw new Error(`the batch ended in ${ended.command}`);
      return result;
    } catch (error) {
      if (begun && committed === null) await send('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      // Every statement answered before the connection leaves pipeline mode and the batch.
      await Promise.allSettled(sent);
      this.client = null;
      this.begin = null;
      client.pipeline = false;
      client.release(broken);
    }
  }
}

/** The socket under a node-postgres client, where it has one. */
type Corkable = { connection?: { stream?: { cork?(): void; uncork?(): void } } };

/** Runs `send` with the client's socket corked: what it sends leaves in one write. */
function together<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as Corkable).connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}
