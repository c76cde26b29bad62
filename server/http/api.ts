/**
 * The one API endpoint: POST /api with `{method, token, subId, ...params}`
 * as plain JSON or as a codec body (core/codec.ts), answered in kind. Method-level problems
 * answer 200 with `{status: false, error_msg, error_code}` (codes from core/errors); transport-level ones (unreadable body, foreign
 * origin, rate limit) a 4xx with the same envelope in JSON. Nothing a client sends yields a 5xx.
 * A call with the X-API-* headers is a program's, signed with an API key: signedCalls.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  CodecError,
  type CodecVersion,
  codecVersionOf,
  decode,
  encode,
  parseCodecKey,
} from '../../core/codec.ts';
import { refusalOf } from '../../core/errors/index.ts';
import { API_PATH } from '../../core/protocol/index.ts';
import { CallerLookup } from '../accounts/sessions.ts';
import { sweepRequests } from '../apiKeys/replays.ts';
import { isSignedRequest } from '../apiKeys/signedHeaders.ts';
import { methodsByName } from '../methods/index.ts';
import { AddressLeases } from './addressLeases.ts';
import { type Limits, take, waitText } from './limits.ts';
import { type ApiDependencies, envelope, runMethod } from './methodCall.ts';
import { setLimitHeaders } from './rateLimitHeaders.ts';
import { SignedCalls } from './signedCalls.ts';

export { type ApiDependencies, envelope, MAX_SUB_ID_LENGTH } from './methodCall.ts';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const OPEN_BRACE = 0x7b;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Registers POST and OPTIONS /api and the body parsers they rely on. */
export function registerApi(app: FastifyInstance, deps: ApiDependencies): void {
  const key = parseCodecKey(deps.config.codecKey);
  const checkOrigin = originHook(new Set(deps.config.allowedOrigins));
  const rateLimit = rateLimitHook(deps.limits);
  const callers = new CallerLookup(deps.db);
  const signed = new SignedCalls(deps, app.log);
  sweepRequests(app, deps.db);
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
    handler: (request, reply) => answerCall(request, reply, key, { deps, callers, signed }),
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
  // Synchronous, as every call passes here: a refusal answers without going on (no `done`).
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header('vary', 'Origin');
    reply.header('cache-control', 'no-store');
    const verdict = checkRequestOrigin(request, allowed);
    if (verdict === 'foreign') {
      reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
      return;
    }
    // A signed call is a program's, never a browser's credentials: no CORS grant for it.
    if (verdict !== 'none' && verdict !== 'same' && !isSignedRequest(request.headers)) {
      reply.header('access-control-allow-origin', verdict.origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    done();
  };
}

/**
 * Spends one of the address's API calls per minute and tells where it stands (RateLimit-*
 * headers); out of them, a 429 saying when to retry. Signed calls count against their key
 * instead (signedCalls.ts). Counted in PostgreSQL, calls spend from a lease (addressLeases.ts),
 * so that a call costs no round trip of its own for the limit.
 */
function rateLimitHook(limits: Limits) {
  const { api } = limits;
  // In memory a spend costs no round trip: a lease there would only refuse early.
  const leases = api === null || api instanceof RateLimiterMemory ? null : new AddressLeases(api);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (api === null || isSignedRequest(request.headers)) return;
    const state = leases === null ? await take(api, request.ip) : await leases.take(request.ip);
    setLimitHeaders(reply, state);
    if (state.wait === 0) return;
    const wait = waitText(state.wait);
    await reply.code(429).send(envelope(refusalOf('request.tooMany', { wait })));
    return reply;
  };
}

/** Who answers the calls: the session lookup for browsers' calls, SignedCalls for programs'. */
interface Answerers {
  deps: ApiDependencies;
  callers: CallerLookup;
  signed: SignedCalls;
}

/** Reads a call's body, runs it and answers in the body's own encoding. */
async function answerCall(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Uint8Array,
  answerers: Answerers,
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
  const answer = isSignedRequest(request.headers)
    ? await answerers.signed.answer(body.value, request, reply)
    : await call(body.value, request, answerers);
  if (body.version === null) return reply.send(answer);
  return reply
    .type('application/octet-stream')
    .send(Buffer.from(encode(answer, key, body.version)));
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

/** Runs the named method for a browser's call (its session token, if any) and returns the reply. */
async function call(
  body: Record<string, unknown>,
  request: FastifyRequest,
  { deps, callers }: Answerers,
): Promise<object> {
  const { method: name, token = '', subId = '', ...params } = body;
  if (typeof name !== 'string' || name === '') return envelope(refusalOf('request.noMethod'));
  if (token !== null && typeof token !== 'string') return envelope(refusalOf('request.tokenType'));
  if (subId !== null && typeof subId !== 'string') return envelope(refusalOf('request.subIdType'));
  const method = methodsByName.get(name);
  if (method === undefined) {
    return envelope(refusalOf('request.unknownMethod', { method: name.slice(0, 64) }));
  }
  const caller = token ? callers.find(token, method.callerColumns) : null;
  return runMethod({ method, params, subId: subId ?? '', caller }, request, deps);
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
