/**
 * Sign-in sessions. A token is 32 random bytes (base64url) handed to the client once; only its
 * SHA-256 is stored, so a copy of the database does not let anyone sign in (OWASP Session
 * Management Cheat Sheet).
 */
import { hash, randomBytes } from 'node:crypto';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { LastLookup, LOOKUP_STAMP } from './lastLookup.ts';
import type { UserRow } from './users.ts';

/**
 * The account holder or support-chat visitor (is_visitor) behind a request: signed in with a
 * session, or (account holders only) calling with an API key, which has no session. Code that
 * needs a session (a logout, a socket ticket) takes a SessionCaller, or asks `sessionOf`.
 */
export type Caller = SessionCaller | KeyCaller;

/** A caller signed in with a session token. */
export interface SessionCaller {
  user: UserRow;
  sessionId: number;
  apiKeyId?: never;
  /** What the lookup brought along when asked (CallerColumns), by name. */
  brought?: Readonly<Record<string, unknown>>;
}

/**
 * Columns a caller's lookup can bring along in its one statement, for a method that would ask
 * for them right after (users.getInfo): by name, SQL expressions that may refer to the caller's
 * account row as `users` (its id as `users.id`). A method declares them once, as a constant:
 * lookups batch askers by that object.
 */
export type CallerColumns = Readonly<Record<string, RawBuilder<unknown>>>;

/** An account holder calling with an API key (a signed request): no session exists. */
export interface KeyCaller {
  user: UserRow;
  sessionId: null;
  /** The key's public id. */
  apiKeyId: string;
  /** A signed call's caller is looked up alone: it brings nothing along. */
  brought?: never;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a token. */
export function hashToken(token: string): string {
  // One call, no Hash object: a third of createHash's time, on every signed-in request.
  return hash('sha256', token, 'hex');
}

/** Starts a session for a user and returns its token. */
export async function createSession(
  db: Queryable,
  userId: number,
  ip: string,
  days: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + days * DAY_MS),
      revoked_at: null,
      created_ip: ip,
    })
    .execute();
  return token;
}

/**
 * The caller a token belongs to, or null when the token is unknown, expired or revoked, or the
 * account is blocked: a blocked account counts as signed out everywhere.
 */
export async function findCaller(db: Queryable, token: string): Promise<SessionCaller | null> {
  return (await findCallers(db, [token])).get(token) ?? null;
}

/**
 * The callers of many tokens with one query, by token (see findCaller); invalid ones are absent.
 * `wanted` names, per set of columns, the tokens whose callers bring them along (`brought`).
 */
export async function findCallers(
  db: Queryable,
  tokens: readonly string[],
  wanted: ReadonlyMap<CallerColumns, readonly string[]> = new Map(),
): Promise<Map<string, SessionCaller>> {
  const hashes = new Map(
    tokens.filter((token) => TOKEN_PATTERN.test(token)).map((token) => [token, hashToken(token)]),
  );
  const byHash = new Map([...hashes].map(([token, hash]) => [hash, token]));
  const found = new Map<string, SessionCaller>();
  if (byHash.size === 0) return found;
  const hashOf = (token: string) => hashes.get(token) ?? hashToken(token);
  const sets = [...wanted].map(([columns, asking]) => ({
    columns,
    asking: new Set(asking),
    // One array parameter however many tokens: the statement's text stays the same.
    hashes: asking.filter((token) => TOKEN_PATTERN.test(token)).map(hashOf),
  }));
  const values = {
    hashes: [...byHash.keys()],
    now: new Date(),
    setHashes: sets.map((set) => set.hashes),
  };
  const { rows } = await db.executeQuery(lookupStatement(db, sets, values));
  for (const row of rows) {
    const token = byHash.get(row.token_hash);
    if (token === undefined) continue;
    found.set(token, callerOf(row, sets, token));
  }
  return found;
}

/** What changes from one lookup to the next: the tokens' hashes, the time, each set's hashes. */
interface LookupValues {
  hashes: string[];
  now: Date;
  setHashes: string[][];
}

/** The lookup's statement for its sets of columns and its values (see lookupStatement). */
function lookupQuery(db: Queryable, sets: readonly ColumnSet[], values: LookupValues) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.token_hash'])
    .select(broughtColumns(sets, values.setHashes))
    .where('sessions.token_hash', '=', sql<string>`any(${values.hashes}::text[])`)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', values.now)
    .where('users.is_blocked', '=', false);
}

type LookupRow = Awaited<ReturnType<ReturnType<typeof lookupQuery>['execute']>>[number];

/**
 * The lookup's statement, compiled once for each database and list of column sets: building and
 * compiling it anew cost more server CPU than the rest of a signed-in users.getInfo. Only the
 * values change from call to call, as CallerColumns are constants (their own values included).
 */
function lookupStatement(
  db: Queryable,
  sets: readonly ColumnSet[],
  values: LookupValues,
): CompiledQuery<LookupRow> {
  let byColumns = compiledLookups.get(db);
  if (byColumns === undefined) {
    byColumns = new Map();
    compiledLookups.set(db, byColumns);
  }
  const key = sets.map(({ columns }) => columnsId(columns)).join(',');
  let lookup = byColumns.get(key);
  if (lookup === undefined) {
    lookup = compileLookup(db, sets);
    byColumns.set(key, lookup);
  }
  const parameters = [...lookup.query.parameters];
  parameters[lookup.slots.hashes] = values.hashes;
  parameters[lookup.slots.now] = values.now;
  lookup.slots.sets.forEach((places, index) => {
    for (const at of places) parameters[at] = values.setHashes[index];
  });
  return { ...lookup.query, parameters };
}

/** A compiled lookup, and where each of its values goes among its parameters. */
interface CompiledLookup {
  query: CompiledQuery<LookupRow>;
  slots: { hashes: number; now: number; sets: number[][] };
}

const compiledLookups = new WeakMap<Queryable, Map<string, CompiledLookup>>();
const columnsIds = new WeakMap<CallerColumns, number>();
let nextColumnsId = 0;

function columnsId(columns: CallerColumns): number {
  const known = columnsIds.get(columns);
  if (known !== undefined) return known;
  nextColumnsId += 1;
  columnsIds.set(columns, nextColumnsId);
  return nextColumnsId;
}

// Compiles with a marker for each value (an object of its own) and notes where it went: a set's
// hashes go once for each of its columns.
function compileLookup(db: Queryable, sets: readonly ColumnSet[]): CompiledLookup {
  const markers = { hashes: [], now: new Date(0), setHashes: sets.map((): string[] => []) };
  const query = lookupQuery(db, sets, markers).compile();
  const places = (marker: unknown) =>
    query.parameters.flatMap((parameter, at) => (parameter === marker ? [at] : []));
  const once = (marker: unknown) => {
    const [at, ...more] = places(marker);
    if (at === undefined || more.length > 0) throw new Error('a lookup value is not one parameter');
    return at;
  };
  const slots = { hashes: once(markers.hashes), now: once(markers.now) };
  return { query, slots: { ...slots, sets: markers.setHashes.map(places) } };
}

/** The prefix of the columns a lookup brings along, which no column of users has. */
const BROUGHT = 'brought_';

interface ColumnSet {
  columns: CallerColumns;
  asking: ReadonlySet<string>;
  hashes: string[];
}

// Each set's columns, named by the set's place and the column's name, computed only for the
// sessions whose tokens asked for them (`hashes`, by set).
function broughtColumns(sets: readonly ColumnSet[], hashes: readonly string[][]) {
  return sets.flatMap(({ columns }, index) =>
    Object.entries(columns).map(([name, expression]) => {
      const alias: string = `${BROUGHT}${index}_${name}`;
      const asking = hashes[index] ?? [];
      return sql`case when sessions.token_hash = any(${asking}::text[]) then ${expression} end`.as(
        alias,
      );
    }),
  );
}

// Splits a row into the account's columns and what the token's sets brought, by column name. The
// row becomes the account's: the lookup's own columns come after the account's (selectAll('users')
// first), so they are taken off from the end, which leaves the row as the users row was read.
function callerOf(
  row: Record<string, unknown>,
  sets: readonly ColumnSet[],
  token: string,
): SessionCaller {
  const sessionId = row.session_id as number;
  let brought: Record<string, unknown> | undefined;
  const columns = Object.keys(row);
  for (let at = columns.length - 1; at >= 0; at--) {
    const column = columns[at] as string;
    if (column !== 'session_id' && column !== 'token_hash') {
      const place = broughtPlace(column);
      if (place === null) break;
      if (sets[place.set]?.asking.has(token)) {
        brought ??= {};
        brought[place.name] = row[column];
      }
    }
    delete row[column];
  }
  // The row's other columns are exactly the users row's (selectAll('users')).
  const account = row as unknown as UserRow;
  return brought === undefined
    ? { user: account, sessionId }
    : { user: account, sessionId, brought };
}

/** A brought column's set (by place) and name, by its alias; null for the account's columns. */
const broughtPlaces = new Map<string, { set: number; name: string } | null>();

function broughtPlace(column: string): { set: number; name: string } | null {
  let place = broughtPlaces.get(column);
  if (place !== undefined) return place;
  const [index, name] = column.startsWith(BROUGHT)
    ? column.slice(BROUGHT.length).split(/_(.*)/s)
    : [];
  place = name === undefined ? null : { set: Number(index), name };
  // Aliases are made from constant column sets, so they are few; a users column is one too.
  if (broughtPlaces.size < 1_024) broughtPlaces.set(column, place);
  return place;
}

/** The values of a set of columns, as a caller's lookup brings them. */
export type Brought<C extends CallerColumns> = {
  [K in keyof C]: C[K] extends RawBuilder<infer T> ? T : never;
};

/**
 * What the caller's lookup brought of `columns`, or null when it brought none (an API key's
 * caller, or a lookup not asked for them): the method then asks for them itself.
 */
export function broughtFor<C extends CallerColumns>(
  caller: Caller | null,
  columns: C,
): Brought<C> | null {
  const brought = caller?.brought;
  if (brought === undefined) return null;
  for (const name of Object.keys(columns)) if (!(name in brought)) return null;
  return brought as Brought<C>;
}

/**
 * Finds the callers of concurrent requests together: the tokens asked for while one lookup runs
 * go out in the next lookup, one query for all of them. The embedded database runs one query at a
 * time, so under load a lookup per request would queue each request behind the market's
 * transaction on its own, and the market would see its orders one by one instead of in batches.
 * Every answer is read from the database after it was asked for, or (on the embedded database)
 * is the last lookup's, proven unchanged by a statement sent after it was asked for (LastLookup).
 */
export class CallerLookup {
  /** The tokens asked for since the running lookup was sent, with their askers. */
  private asked = new Map<string, Asker[]>();
  private running = false;
  private readonly last: LastLookup<SessionCaller>;

  constructor(private readonly db: Queryable) {
    this.last = new LastLookup(db);
  }

  /** The caller of `token`, with `columns` brought along when given (see CallerColumns). */
  find(token: string, columns?: CallerColumns): Promise<SessionCaller | null> {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const asker = { resolve, reject, ...(columns === undefined ? {} : { columns }) };
      const askers = this.asked.get(token);
      if (askers === undefined) this.asked.set(token, [asker]);
      else askers.push(asker);
      if (this.running) return;
      this.running = true;
      // After this turn's other requests have asked too.
      setImmediate(() => void this.run());
    });
  }

  private async run(): Promise<void> {
    while (this.asked.size > 0) {
      const asked = this.asked;
      this.asked = new Map();
      try {
        const again = this.last.answering ? await this.last.answer(columnsAsked(asked)) : null;
        const callers = again ?? (await this.lookUp(asked));
        for (const [token, askers] of asked) {
          const caller = callers.get(token) ?? null;
          for (const asker of askers) asker.resolve(caller && answerFor(caller, asker));
        }
      } catch (error) {
        for (const askers of asked.values()) for (const asker of askers) asker.reject(error);
      }
    }
    this.running = false;
  }

  // On the embedded database every token brings the stamp that lets LastLookup answer again.
  private async lookUp(asked: ReadonlyMap<string, readonly Asker[]>) {
    const wanted = wantedBy(asked);
    const stamped = await this.last.stamps();
    if (stamped) wanted.set(LOOKUP_STAMP, [...asked.keys()]);
    const callers = await findCallers(this.db, [...asked.keys()], wanted);
    if (stamped) this.last.remember(callers);
    return callers;
  }
}

/** What each token's askers asked for, as LastLookup reads it. */
function columnsAsked(asked: ReadonlyMap<string, readonly Asker[]>) {
  return new Map([...asked].map(([token, askers]) => [token, askers.map(columnsOf)]));
}

function columnsOf(asker: Asker): CallerColumns | undefined {
  return asker.columns;
}

interface Asker {
  resolve(caller: SessionCaller | null): void;
  reject(error: unknown): void;
  columns?: CallerColumns;
}

/** The tokens that asked for each set of columns. */
function wantedBy(asked: ReadonlyMap<string, readonly Asker[]>): Map<CallerColumns, string[]> {
  const wanted = new Map<CallerColumns, string[]>();
  for (const [token, askers] of asked) {
    for (const { columns } of askers) {
      if (columns === undefined) continue;
      const tokens = wanted.get(columns) ?? [];
      if (!tokens.includes(token)) tokens.push(token);
      wanted.set(columns, tokens);
    }
  }
  return wanted;
}

/** The caller as one asker asked for it: with only the columns it asked for, if any. */
function answerFor(caller: SessionCaller, asker: Asker): SessionCaller {
  const { user, sessionId, brought } = caller;
  if (asker.columns === undefined || brought === undefined) return { user, sessionId };
  const mine: Record<string, unknown> = {};
  for (const name of Object.keys(asker.columns)) mine[name] = brought[name];
  return { user, sessionId, brought: mine };
}

/**
 * The session of a caller, for what only a session may do (end it, list the others, open a
 * socket with a ticket bound to it); a caller with an API key has none and is refused.
 */
export function sessionOf(caller: Caller): number {
  if (caller.sessionId === null) throw refusal('apiKey.sessionRequired');
  return caller.sessionId;
}

/** Ends a session; its token stops working at once. */
export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Access that ended: one session (a logout), one API key (revoked), or every session and key of
 * an account (a block). Published as 'access.ended' on the server's event bus
 * (server/events/ServerEvents.ts).
 */
export type AccessEnd = { sessionId: number } | { apiKeyId: string } | { userId: number };

/**
 * Whether `end` ends the access of this session of this account: how a socket opened with that
 * access tells, on hearing 'access.ended', that it must close.
 */
export function accessEnded(end: AccessEnd, sessionId: number, userId: number): boolean {
  if ('sessionId' in end) return end.sessionId === sessionId;
  return 'userId' in end && end.userId === userId;
}

/** Whether `end` ends the access of this API key of this account (a socket logged in with it). */
export function keyAccessEnded(end: AccessEnd, apiKeyId: string, userId: number): boolean {
  if ('apiKeyId' in end) return end.apiKeyId === apiKeyId;
  return 'userId' in end && end.userId === userId;
}
