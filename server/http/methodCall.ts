/**
 * Running one method for one caller, as both kinds of call do: a browser's with its session token
 * (api.ts) and a program's signed with an API key (signedCalls.ts). The caller is already known;
 * this builds the request's context, runs the method and turns what it throws into the envelope.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type ErrorReport, refusalOf, replyOf } from '../../core/errors/index.ts';
import type { Envelope } from '../../core/protocol/index.ts';
import type { Caller } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Method, PageViews, RequestContext } from '../methods/registry.ts';
import { type Database, isDatabaseUnreachable } from '../storage/db.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import type { ChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { printable, storable } from './fields.ts';
import type { Limits } from './limits.ts';

/** Longest subId kept; it is an ad-tracking marker, not free text. */
export const MAX_SUB_ID_LENGTH = 128;

/** What the API route needs from the server. */
export interface ApiDependencies {
  db: Database;
  config: Config;
  limits: Limits;
  /** The live counters, told of every page view recorded. */
  live: PageViews;
  /** The spot market the order methods trade on. */
  market: SpotMarket;
  /**
   * Where news other domains follow is published: verifications decided, trades' moves,
   * balances changed outside the market, access ended by a logout or a block.
   */
  events: ServerEventBus;
  /** The chain each network's deposits and withdrawals go through. */
  chains: ChainAdapters;
}

/** `{status: false, error_msg, error_code}` (and `param`) for a refusal, plus any extra fields. */
export function envelope(
  refusal: ErrorReport,
  fields: Readonly<Record<string, unknown>> = {},
): Envelope {
  return { ...fields, ...replyOf(refusal) };
}

/** The host name of an Origin header, or null when there is none (or it is `null`). */
function originHost(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).hostname || null;
  } catch {
    return null;
  }
}

/**
 * A call's context: the server's dependencies and the caller as they are, and what is read from
 * the request (its address, host, User-Agent, page and subId, cleaned and capped) made on first
 * use, as most methods read none of it.
 */
class CallContext implements RequestContext {
  readonly db: Database;
  readonly config: Config;
  readonly limits: Limits;
  readonly live: PageViews;
  readonly market: SpotMarket;
  readonly events: ServerEventBus;
  readonly chains: ChainAdapters;
  #userAgent: string | undefined;
  #pageHost: string | undefined;
  #subId: string | undefined;

  constructor(
    deps: ApiDependencies,
    private readonly request: FastifyRequest,
    private readonly rawSubId: string,
    readonly caller: Caller | null,
  ) {
    this.db = deps.db;
    this.config = deps.config;
    this.limits = deps.limits;
    this.live = deps.live;
    this.market = deps.market;
    this.events = deps.events;
    this.chains = deps.chains;
  }

  get log(): FastifyBaseLogger {
    return this.request.log;
  }

  get ip(): string {
    return this.request.ip;
  }

  get host(): string {
    return this.request.hostname;
  }

  get userAgent(): string {
    this.#userAgent ??= printable(String(this.request.headers['user-agent'] ?? '').slice(0, 512));
    return this.#userAgent;
  }

  get pageHost(): string {
    this.#pageHost ??= originHost(this.request.headers.origin) ?? this.request.hostname;
    return this.#pageHost;
  }

  get subId(): string {
    this.#subId ??= storable(this.rawSubId.slice(0, MAX_SUB_ID_LENGTH));
    return this.#subId;
  }
}

/** One call to run: the method, its params, the ad-tracking subId, and who calls. */
export interface MethodCall {
  method: Method;
  params: Record<string, unknown>;
  subId: string;
  /** The caller, or its lookup (whose failure is answered as the method's would be). */
  caller: Caller | null | Promise<Caller | null>;
}

/** Runs the method and returns the reply object: its result, or the envelope of its refusal. */
export async function runMethod(
  call: MethodCall,
  request: FastifyRequest,
  deps: ApiDependencies,
): Promise<{ status: boolean }> {
  const { method, params, subId, caller } = call;
  try {
    const context = new CallContext(deps, request, subId, await caller);
    const result = await method.run(params, context);
    return { status: true, ...result };
  } catch (error) {
    if (error instanceof DomainError) return envelope(error, error.fields);
    if (isDatabaseUnreachable(error)) {
      request.log.warn(
        { err: error, method: method.name },
        'API method refused: database unreachable',
      );
      return envelope(refusalOf('request.databaseUnreachable'));
    }
    request.log.error({ err: error, method: method.name }, 'API method failed');
    return envelope(refusalOf('request.serverError'));
  }
}
