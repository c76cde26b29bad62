/**
 * The market's intake: commands a server that does not own the market stores for the owner, and
 * the answers the owner stores back. A command goes in with a NOTIFY on INTAKE_CHANNEL in the
 * same transaction; the owner answers it in the transaction of the batch that ran it, and a
 * batch that answered any NOTIFYs COMMITS_CHANNEL, so a waiting server reads its answer once it
 * is committed.
 * Answers are plain JSON: the rows a local call resolves with, or the refusal it rejects with.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ErrorCode } from '../../core/errors/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import type { Command } from './Command.ts';
import type { OrderRow } from './orderRows.ts';

/** Where a follower tells the owner that commands wait; the payload is the market's name. */
export const INTAKE_CHANNEL = 'market_intake';

/** Where the owner tells every server that a batch committed; the payload is the market's name. */
export const COMMITS_CHANNEL = 'market_commits';

/** A command's answer as stored: the rows, a refusal, or a failure with nothing done. */
export type Answer =
  | { rows: OrderRow[] }
  | { refusal: { code: ErrorCode; message: string; param?: string; fields: object } }
  | { failed: true };

/** A command waiting in the intake. */
export interface Waiting {
  id: number;
  command: Command;
}

/** The stored answer of a batch's result for one command. */
export function answerOf(result: OrderRow[] | DomainError): Answer {
  if (!(result instanceof DomainError)) return { rows: result };
  const { code, message, param, fields } = result;
  return { refusal: { code, message, ...(param === undefined ? {} : { param }), fields } };
}

/** What a local call would have resolved with, or the error it would have thrown. */
export function resultOf(answer: Answer): OrderRow[] | Error {
  if ('rows' in answer) return answer.rows.map(revivedRow);
  if ('refusal' in answer) {
    const { fields, ...report } = answer.refusal;
    return new DomainError(report, fields as Record<string, unknown>);
  }
  return new Error('the market could not run the command');
}

// JSON keeps dates as text; the caller expects the row as stored.
function revivedRow(row: OrderRow): OrderRow {
  return {
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    last_fill_at: row.last_fill_at === null ? null : new Date(row.last_fill_at),
  };
}

/**
 * Stores commands for the owner in one statement and wakes it; their intake ids, in the order
 * given. The ids rise in that order (the rows take them as listed), and the owner runs the intake
 * in id order, so commands stored together run in the order they were given.
 */
export async function submitCommands(
  db: Database,
  market: string,
  commands: readonly Command[],
): Promise<number[]> {
  // One statement, so one round trip and its own transaction; the notification goes at commit.
  const { rows } = await sql<{ ids: number[] }>`with stored as (
      insert into market_intake (market, command)
        select ${market}, given.command
        from unnest(${commands.map((command) => JSON.stringify(command))}::jsonb[])
          with ordinality as given (command, place)
        order by given.place
      returning id)
    select array_agg(id order by id) as ids, pg_notify(${INTAKE_CHANNEL}, ${market}) from stored`.execute(
    db,
  );
  return (rows[0]?.ids ?? []).map(Number);
}

/** The market's unanswered commands, oldest first. */
export async function waitingCommands(
  db: Database,
  market: string,
  limit: number,
): Promise<Waiting[]> {
  const rows = await db
    .selectFrom('market_intake')
    .select(['id', 'command'])
    .where('market', '=', market)
    .where('answered_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, command: row.command as Command }));
}

/**
 * The answers of a batch's forwarded commands as part of its write statement (writeBatch.ts):
 * `store` an update to run as one of its parts, `notify` the call that tells every server they
 * are there (the notification goes when the transaction commits).
 */
export interface Answering {
  store: RawBuilder<unknown>;
  notify: RawBuilder<unknown>;
}

/** The answers of commands of `market` run in a batch, to store with its writes; null for none. */
export function answering(
  market: string,
  answers: readonly { id: number; answer: Answer }[],
): Answering | null {
  if (answers.length === 0) return null;
  return {
    store: sql`update market_intake set answer = given.answer, answered_at = now()
      from unnest(${answers.map((a) => a.id)}::bigint[], ${answers.map((a) => JSON.stringify(a.answer))}::jsonb[])
        as given (id, answer)
      where market_intake.id = given.id and market_intake.answered_at is null`,
    notify: sql`pg_notify(${COMMITS_CHANNEL}, ${market})`,
  };
}

/** Stores answers outside a batch (a command that could not run), telling every server. */
export async function storeAnswers(
  trx: Queryable,
  market: string,
  answers: readonly { id: number; answer: Answer }[],
): Promise<void> {
  const parts = answering(market, answers);
  if (parts === null) return;
  await sql`with stored as (${parts.store}) select ${parts.notify}`.execute(trx);
}

/** Takes the answered ones of `ids` out of the intake: their answers by id. */
export async function takeAnswers(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, Answer>();
  const rows = await db
    .deleteFrom('market_intake')
    .where('id', 'in', ids)
    .where('answered_at', 'is not', null)
    .returning(['id', 'answer'])
    .execute();
  return new Map(rows.map((row) => [row.id, row.answer as Answer]));
}
