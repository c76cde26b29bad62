/**
 * The market's intake: commands a server that does not own the market stores for the owner, and
 * the answers the owner stores back. A command goes in with a NOTIFY on INTAKE_CHANNEL in the
 * same transaction; the owner answers it in the transaction of the batch that ran it, and a
 * batch that answered any NOTIFYs COMMITS_CHANNEL, which PostgreSQL delivers only once it
 * committed. The notification carries the answers themselves when they fit in one (a waiting
 * server then reads nothing), else the market's name alone (it reads them).
 * Answers are plain JSON: the rows a local call resolves with, or the refusal it rejects with,
 * and where the batch that ran the command stands in the owner's journal, so the waiting server
 * answers its caller only once its replica holds that batch.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ErrorCode } from '../../core/errors/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import { MAX_NOTIFY_BYTES } from '../events/PostgresRelay.ts';
import type { Database, Queryable } from '../storage/db.ts';
import type { Command } from './Command.ts';
import type { OrderRow } from './orderRows.ts';
import type { BatchPosition } from './Publisher.ts';

/** Where a follower tells the owner that commands wait; the payload is the market's name. */
export const INTAKE_CHANNEL = 'market_intake';

/**
 * Where the owner tells every server that a batch answered forwarded commands: the payload is
 * the market's name, or its answers (`commitsHeard`).
 */
export const COMMITS_CHANNEL = 'market_commits';

/** A command's answer as stored: the rows, a refusal, or a failure with nothing done. */
export type Answer =
  | { rows: OrderRow[] }
  | { refusal: { code: ErrorCode; message: string; param?: string; fields: object } }
  | { failed: true };

/**
 * An answer as stored and told, with the position of the batch that ran its command; absent for
 * a failure (nothing was written) and in answers of an owner of the version before.
 */
export type Answered = Answer & { at?: BatchPosition };

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

/**
 * The answers of commands of `market` run in a batch at position `at` (null: a failure, nothing
 * written), to store with its writes; null for none.
 */
export function answering(
  market: string,
  at: BatchPosition | null,
  answers: readonly { id: number; answer: Answer }[],
): Answering | null {
  if (answers.length === 0) return null;
  const told = answers.map(({ id, answer }): [number, Answered] => [
    id,
    at === null ? answer : { ...answer, at },
  ]);
  return {
    store: sql`update market_intake set answer = given.answer, answered_at = now()
      from unnest(${told.map(([id]) => id)}::bigint[], ${told.map(([, answer]) => JSON.stringify(answer))}::jsonb[])
        as given (id, answer)
      where market_intake.id = given.id and market_intake.answered_at is null`,
    notify: sql`pg_notify(${COMMITS_CHANNEL}, ${commitsPayload(market, told)})`,
  };
}

/** What a commits notification tells: its market, and its answers by id (null: read them). */
export interface CommitsNews {
  market: string;
  answers: Map<number, Answered> | null;
}

/** The answers as one notification's payload, or the market's name when they do not fit. */
function commitsPayload(market: string, answers: readonly [number, Answered][]): string {
  const carrying = JSON.stringify({ market, answers });
  return Buffer.byteLength(carrying) <= MAX_NOTIFY_BYTES ? carrying : market;
}

/**
 * A commits notification's payload read: a market's name alone (from any version), or JSON.
 * One that cannot be read names no market: the periodic look finds its answers.
 */
export function commitsHeard(payload: string): CommitsNews {
  if (!payload.startsWith('{')) return { market: payload, answers: null };
  try {
    const told = JSON.parse(payload) as { market: string; answers: [number, Answered][] };
    return { market: told.market, answers: new Map(told.answers) };
  } catch {
    return { market: '', answers: null };
  }
}

/** Stores answers outside a batch (a command that could not run), telling every server. */
export async function storeAnswers(
  trx: Queryable,
  market: string,
  answers: readonly { id: number; answer: Answer }[],
): Promise<void> {
  const parts = answering(market, null, answers);
  if (parts === null) return;
  await sql`with stored as (${parts.store}) select ${parts.notify}`.execute(trx);
}

/**
 * Takes the answered ones of `ids` out of the intake, their answers by id, and with them the
 * rows of `told`: answers already taken from their notification.
 */
export async function takeAnswers(
  db: Database,
  ids: readonly number[],
  told: readonly number[],
): Promise<Map<number, Answered>> {
  if (ids.length === 0 && told.length === 0) return new Map();
  const { rows } = await sql<{ id: number; answer: Answered }>`with taken as (
      delete from market_intake
      where id = any(${[...ids, ...told]}::bigint[]) and answered_at is not null
      returning id, answer)
    select id, answer from taken where id = any(${ids}::bigint[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), row.answer]));
}
