/**
 * Calls signed with an API key (server/apiKeys/): the same POST /api and body, with the X-API-*
 * headers instead of a session token. A signed call runs as the key's holder with no session and
 * no cookie or Origin rights; it spends its method's weight from the key's per-minute budget
 * rather than its address's. A signed call that fails to authenticate spends a point of its
 * address's budget instead, so guessing keys or signatures is limited like any other flood.
 *
 * Refusals before the method runs answer with an HTTP status besides their code: 400 for a
 * malformed request, 401 when the key, its signature, time or replay check fails, 403 when the
 * key may not call the method (scope, address, method), 429 over a limit. Refusals by the
 * method itself answer 200, as for every call.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorCode, refusalOf } from '../../core/errors/index.ts';
import { authenticate, permit } from '../apiKeys/authorize.ts';
import { plainIp } from '../apiKeys/ipAllowlist.ts';
import { LastUse } from '../apiKeys/lastUse.ts';
import { DomainError } from '../errors/DomainError.ts';
import { methodsByName } from '../methods/index.ts';
import type { Method } from '../methods/registry.ts';
import { standing, take, waitText } from './limits.ts';
import { type ApiDependencies, envelope, runMethod } from './methodCall.ts';
import { setLimitHeaders } from './rateLimitHeaders.ts';

/** The HTTP status of each refusal a signed call may get before its method runs. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  'apiKey.timestampFormat': 400,
  'apiKey.recvWindowFormat': 400,
  'apiKey.signatureFormat': 400,
  'apiKey.tokenWithKey': 400,
  'apiKey.unknown': 401,
  'apiKey.badSignature': 401,
  'apiKey.staleTimestamp': 401,
  'apiKey.replayed': 401,
  'apiKey.expired': 401,
  'account.blocked': 401,
  'apiKey.scopeMissing': 403,
  'apiKey.ipNotAllowed': 403,
  'apiKey.methodNotForKeys': 403,
};

/** One server's answerer of signed calls. */
export class SignedCalls {
  private readonly lastUse: LastUse;

  constructor(
    private readonly deps: ApiDependencies,
    log: FastifyBaseLogger,
  ) {
    this.lastUse = new LastUse(deps.db, log);
  }

  /** Answers a signed call: sets its status and headers on `reply`, returns the reply body. */
  async answer(
    fields: Record<string, unknown>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<object> {
    const { method: name, token, subId = '', ...params } = fields;
    if (typeof name !== 'string' || name === '') return envelope(refusalOf('request.noMethod'));
    if (typeof subId !== 'string') return envelope(refusalOf('request.subIdType'));
    const blocked = await this.addressBlocked(request, reply);
    if (blocked !== null) return blocked;
    const deps = { db: this.deps.db, boxKey: this.deps.config.twoFactorKey };
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signed = { headers: request.headers, ip: request.ip, body, method: name, token };
    let caller: Awaited<ReturnType<typeof authenticate>>;
    try {
      caller = await authenticate(deps, signed);
    } catch (error) {
      await this.spendAddress(request, reply);
      return refused(error, reply);
    }
    const method = methodsByName.get(name);
    if (method === undefined) {
      return envelope(refusalOf('request.unknownMethod', { method: name.slice(0, 64) }));
    }
    const spent = await this.spendKey(caller.key, method, reply);
    if (spent !== null) return spent;
    this.lastUse.note(caller.apiKeyId, plainIp(request.ip));
    const { key: _key, ...keyCaller } = caller;
    return runMethod({ method, params, subId, caller: keyCaller }, request, this.deps);
  }

  /** The 429 for an address out of points (from failed signed calls or browser calls), or null. */
  private async addressBlocked(request: FastifyRequest, reply: FastifyReply) {
    const limiter = this.deps.limits.api;
    const state = limiter === null ? null : await standing(limiter, request.ip);
    if (state === null || state.wait === 0) return null;
    setLimitHeaders(reply, state);
    reply.code(429);
    return envelope(refusalOf('request.tooMany', { wait: waitText(state.wait) }));
  }

  /** Counts a failed signed call against its address. */
  private async spendAddress(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limiter = this.deps.limits.api;
    if (limiter === null) return;
    setLimitHeaders(reply, { ...(await take(limiter, request.ip)), wait: 0 });
  }

  /**
   * Checks the key may call the method and spends its weight: the refusal (403 or 429) when
   * not, else null. The limit's headers are set either way.
   */
  private async spendKey(
    key: Parameters<typeof permit>[0] & { id: string },
    method: Method,
    reply: FastifyReply,
  ): Promise<object | null> {
    let weight: number;
    try {
      weight = permit(key, method.name).weight;
    } catch (error) {
      return refused(error, reply);
    }
    const limiter = this.deps.limits.apiKey;
    if (limiter === null) return null;
    const state = await take(limiter, key.id, weight);
    setLimitHeaders(reply, state);
    if (state.wait === 0) return null;
    reply.code(429);
    return envelope(
      refusalOf('apiKey.tooMany', { limit: state.limit, wait: waitText(state.wait) }),
    );
  }
}

/** The envelope of a refusal, its HTTP status set; anything else is rethrown. */
function refused(error: unknown, reply: FastifyReply): object {
  if (!(error instanceof DomainError)) throw error;
  reply.code(STATUS[error.code] ?? 200);
  return envelope(error, error.fields);
}
