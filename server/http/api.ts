/**
 * The one API endpoint: POST /api with `{method, token, subId, ...params}`
 * as plain JSON or as a codec body (core/codec.ts), answered in kind. Method-level problems
 * answer 200 with `{status: false, error_msg, error_code}` (codes from core/errors); transport-level ones (unreadable body, foreign
 * origin, rate limit) a 4xx with the same envelope in JSON. Nothing a client sends yields a 5xx.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CodecError,
  type CodecVersion,
  codecVersionOf,
  decode,
  encode,
  parseCodecKey,
} from '../../core/codec.ts';
import { type ErrorReport, refusalOf, replyOf } from '../../core/errors/index.ts';
import { API_PATH, type Envelope } from '../../core/protocol/index.ts';
import { CallerLookup } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import { methodsByName } from '../methods/index.ts';
import type { PageViews, RequestContext } from '../methods/registry.ts';
import { type Database, isDatabaseUnreachable } from '../storage/db.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import type { ChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { printable, storable } from './fields.ts';
import { type Limits, spend, waitText } from './limits.ts';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

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

const OPEN_BRACE = 0x7b;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Registers POST and OPTIONS /api and the body parsers they rely on. */
export function registerApi(app: FastifyInstance, deps: ApiDependencies): void {
  const key = parseCodecKey(deps.config.codecKey);
  const checkOrigin = originHook(new Set(deps.config.allowedOrigins));
  const rateLimit = rateLimitHook(deps.limits);
  const callers = new CallerLookup(deps.db);
  acceptRawBodies(app);

  app.route({
    method: 'OPTIONS',
    url: API_PATH,
    onRequest: checkOrigin,
    handler: async (_request, reply) => {
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: API_PATH,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST, OPTIONS')
        .send(envelope(refusalOf('request.postOnly'))),
  });

  app.route({
    method: 'POST',
    url: API_PATH,
    onRequest: [checkOrigin, rateLimit],
    handler: (request, reply) => answerCall(request, reply, key, deps, callers),
  });
}

/**
 * Every body arrives as raw bytes: the first byte, not the content type, tells JSON from the
 * codec. The client sends text/plain so that calls stay CORS "simple requests"; the Origin
 * check is what guards against cross-site requests.
 */
function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const raw = (_request: FastifyRequest, body: Buffer, done: (e: null, b: Buffer) => void) =>
    done(null, body);
  for (const type of ['text/plain', 'application/octet-stream', 'application/json', '*']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, raw);
  }
}

/** OWASP CSRF Cheat Sheet: verify the Origin header against the target origin. */
function originHook(allowed: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Origin');
    reply.header('cache-control', 'no-store');
    const verdict = checkRequestOrigin(request, allowed);
    if (verdict === 'none' || verdict === 'same') return;
    if (verdict === 'foreign') {
      await reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
      return reply;
    }
    reply.header('access-control-allow-origin', verdict.origin);
    reply.header('access-control-allow-credentials', 'true');
  };
}

/** Spends one of the caller's API calls per minute; out of them, a 429 saying when to retry. */
function rateLimitHook(limits: Limits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (limits.api === null) return;
    const wait = await spend(limits.api, request.ip);
    if (wait === 0) return;
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    await reply.code(429).send(envelope(refusalOf('request.tooMany', { wait: waitText(wait) })));
    return reply;
  };
}

/** Reads a call's body, runs it and answers in the body's own encoding. */
async function answerCall(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Uint8Array,
  deps: ApiDependencies,
  callers: CallerLookup,
): Promise<FastifyReply> {
  let body: { value: unknown; version: CodecVersion | null };
  try {
    body = readBody(request.body, key);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return reply
      .code(400)
      .send(envelope(refusalOf('request.unreadable', { reason: error.message })));
  }
  if (!isObject(body.value)) {
    return reply.code(400).send(envelope(refusalOf('request.notAnObject')));
  }
  const answer = await call(body.value, request, deps, callers);
  if (body.version === null) return reply.send(answer);
  return reply
    .type('application/octet-stream')
    .send(Buffer.from(encode(answer, key, body.version)));
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

/** How a request's Origin relates to the server: absent, its own, an allowed partner, or foreign. */
export type OriginVerdict = 'none' | 'same' | 'foreign' | { allowed: true; origin: string };

/**
 * The Origin check of every credentialed entry point (/api, uploads, the support socket's
 * handshake), per the OWASP CSRF Cheat Sheet: no Origin (not a browser) or the server's own
 * origin passes, an origin of `allowed` passes as a partner, anything else is foreign.
 */
export function checkRequestOrigin(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
): OriginVerdict {
  const origin = request.headers.origin?.toLowerCase();
  if (origin === undefined) return 'none';
  if (origin === `${request.protocol}://${request.host}`.toLowerCase()) return 'same';
  return allowed.has(origin) ? { allowed: true, origin } : 'foreign';
}

/** `{status: false, error_msg, error_code}` (and `param`) for a refusal, plus any extra fields. */
export function envelope(
  refusal: ErrorReport,
  fields: Readonly<Record<string, unknown>> = {},
): Envelope {
  return { ...fields, ...replyOf(refusal) };
}

/** Runs the named method for a decoded body and returns the reply object. */
async function call(
  body: Record<string, unknown>,
  request: FastifyRequest,
  deps: ApiDependencies,
  callers: CallerLookup,
): Promise<object> {
  const { method: name, token = '', subId = '', ...params } = body;
  if (typeof name !== 'string' || name === '') return envelope(refusalOf('request.noMethod'));
  if (token !== null && typeof token !== 'string') return envelope(refusalOf('request.tokenType'));
  if (subId !== null && typeof subId !== 'string') return envelope(refusalOf('request.subIdType'));
  const method = methodsByName.get(name);
  if (method === undefined) {
    return envelope(refusalOf('request.unknownMethod', { method: name.slice(0, 64) }));
  }
  try {
    const context: RequestContext = {
      ...deps,
      log: request.log,
      ip: request.ip,
      userAgent: printable(String(request.headers['user-agent'] ?? '').slice(0, 512)),
      host: request.hostname,
      pageHost: originHost(request.headers.origin) ?? request.hostname,
      subId: storable((subId ?? '').slice(0, MAX_SUB_ID_LENGTH)),
      caller: token ? await callers.find(token) : null,
    };
    const result = await method.run(params, context);
    return { status: true, ...result };
  } catch (error) {
    if (error instanceof DomainError) return envelope(error, error.fields);
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error, method: name }, 'API method refused: database unreachable');
      return envelope(refusalOf('request.databaseUnreachable'));
    }
    request.log.error({ err: error, method: name }, 'API method failed');
    return envelope(refusalOf('request.serverError'));
  }
}

/** Decodes a body: JSON when it starts with `{`, a codec body when it starts with a version. */
function readBody(
  body: unknown,
  key: Uint8Array,
): { value: unknown; version: CodecVersion | null } {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new CodecError('The request body is empty.');
  }
  const version = codecVersionOf(body);
  if (version !== null) return { value: decode(body, key), version };
  let start = 0;
  while (start < body.length && WHITESPACE.has(body[start] ?? 0)) start++;
  if (body[start] !== OPEN_BRACE) {
    throw new CodecError('The request body is neither JSON nor an encoded request.');
  }
  try {
    return { value: JSON.parse(body.toString('utf8')), version: null };
  } catch {
    throw new CodecError('The request body is not valid JSON.');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
