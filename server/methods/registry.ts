/**
 * One shape for every server method: its wire name, who may call it, its parameter
 * schema and its handler, declared together. `defineMethod` wraps them into a `Method` whose
 * `run` checks access, then validates params, then calls the handler, so a method cannot skip
 * its authorization check: there is no other way to add one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { MethodName, Params, Result } from '../../core/protocol/index.ts';
import type { Caller, CallerColumns } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import { read } from '../http/fields.ts';
import type { Limits } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import type { ChainAdapters } from '../wallet/deposits/chainAdapters.ts';

/**
 * Who may call a method: anyone; a client, i.e. an account holder or a support-chat visitor
 * (support.startVisitor); an account holder only; or staff (statusId > 0).
 */
export type Access = 'public' | 'client' | 'user' | 'staff';

/** What hears of each page view metrics.addVisitor records (the live counters' hub). */
export interface PageViews {
  recordView(): void;
}

/** What the transport knows about a request when it runs a method. */
export interface RequestContext {
  db: Database;
  config: Config;
  limits: Limits;
  live: PageViews;
  /** The spot market: books, orders and their settlement. */
  market: SpotMarket;
  /**
   * Where news other domains follow is published, after the commit that made it: a verification
   * decided, a trade's move, the balances a transfer, deposit or withdrawal changed, a logout or
   * a block (so open sockets of that access close).
   */
  events: ServerEventBus;
  /** The chain each network's deposits and withdrawals go through, created once by the server. */
  chains: ChainAdapters;
  log: FastifyBaseLogger;
  ip: string;
  /** The request's User-Agent header, cleaned and capped (empty when none was sent). */
  userAgent: string;
  /** The host name the request was sent to (no port). */
  host: string;
  /**
   * The host name of the page that made the call: its Origin's (which the transport has already
   * checked), or `host` when the request names none. A partner site's, for widget calls.
   */
  pageHost: string;
  /** The ad-tracking sub id the client stored from the page's query at start, capped. */
  subId: string;
  /**
   * The session's account holder or support-chat visitor (`user.is_visitor`), or null when
   * signed out (no token, or an unknown, expired or revoked one).
   */
  caller: Caller | null;
}

/** The context a handler sees: `caller` is guaranteed for every level but 'public'. */
export type MethodContext<A extends Access> = Omit<RequestContext, 'caller'> & {
  caller: A extends 'public' ? Caller | null : Caller;
};

/** A params schema whose output is exactly the protocol's params, so the two cannot drift. */
export type ParamsSchema<M extends MethodName> = z.ZodType<Params<M>>;

/** What a domain file declares for one method. */
export interface MethodDefinition<M extends MethodName, A extends Access> {
  name: M;
  access: A;
  params: ParamsSchema<M>;
  handler: (params: Params<M>, ctx: MethodContext<A>) => Promise<Result<M>>;
  /**
   * What the caller's lookup brings along for the handler in its own statement (a browser's
   * call, signed in with a session), so the method costs no query of its own.
   */
  callerColumns?: CallerColumns;
}

/** A registered method as the transport and the tests see it. */
export interface Method {
  readonly name: MethodName;
  readonly access: Access;
  /** The parameter schema, for tests that read the registry (the fuzz test generates from it). */
  readonly params: z.ZodType;
  /** What the caller's lookup brings along for the handler, if anything (see defineMethod). */
  readonly callerColumns?: CallerColumns;
  /** Checks access, validates params and runs the handler; throws DomainError for the caller. */
  run(params: unknown, ctx: RequestContext): Promise<object>;
}

/** Declares a method; see the file comment for what `run` guarantees. */
export function defineMethod<M extends MethodName, A extends Access>(
  definition: MethodDefinition<M, A>,
): Method {
  const { name, access, params, handler, callerColumns } = definition;
  return {
    name,
    access,
    params,
    ...(callerColumns === undefined ? {} : { callerColumns }),
    async run(raw, ctx) {
      if (access !== 'public' && ctx.caller === null) throw refusal('access.signInRequired');
      if (access === 'user') requireAccount(ctx.caller);
      if (access === 'staff' && !isStaff(ctx.caller)) throw refusal('access.staffOnly');
      const reading = read(params, raw);
      if (!reading.ok) throw new DomainError(reading.error);
      // Safe: the checks above establish what MethodContext<A> promises about `caller`.
      return handler(reading.value, ctx as MethodContext<A>);
    },
  };
}

/**
 * The caller as an account holder, for 'user' methods and public ones that read an account:
 * 'access.signInRequired' when signed out, 'access.accountRequired' for a visitor.
 */
export function requireAccount(caller: Caller | null): Caller {
  if (caller === null) throw refusal('access.signInRequired');
  if (caller.user.is_visitor) throw refusal('access.accountRequired');
  return caller;
}

/** Whether a caller is staff; a visitor never is (the database refuses one with a status too). */
function isStaff(caller: Caller | null): boolean {
  return caller !== null && caller.user.status_id > 0 && !caller.user.is_visitor;
}
