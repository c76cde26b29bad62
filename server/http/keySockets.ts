/**
 * The key desk of the market socket (server/trading/streams/KeyRequests.ts): a trading program's
 * socket login and its order requests go through exactly what a signed HTTP call does
 * (signedCalls.ts). The login is checked as a signed call's headers are — the same refusals, in the
 * same order, for the method `market.login` and an empty body — and a failed one spends a point of
 * the address's budget; each request checks the key's scope, spends its method's weight from the
 * key's budget (through the socket's lease on it: keyLease.ts) and runs the method from the
 * registry with the key's caller.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { refusalOf } from '../../core/errors/index.ts';
import {
  API_KEY_HEADERS,
  type MethodName,
  SOCKET_LOGIN_METHOD,
} from '../../core/protocol/index.ts';
import { authenticate, permit } from '../apiKeys/authorize.ts';
import { plainIp } from '../apiKeys/ipAllowlist.ts';
import { LastUse } from '../apiKeys/lastUse.ts';
import { DomainError } from '../errors/DomainError.ts';
import { methodsByName } from '../methods/index.ts';
import type {
  KeyDesk,
  KeyLogin,
  MethodReply,
  SocketLogin,
} from '../trading/streams/KeyRequests.ts';
import { KeyLease } from './keyLease.ts';
import { standing, take, waitText } from './limits.ts';
import { type ApiDependencies, envelope, runMethod } from './methodCall.ts';

/** See the file comment. */
export class KeySockets implements KeyDesk {
  private readonly lastUse: LastUse;
  /** Each logged-in socket's lease on its key's budget. */
  private readonly leases = new WeakMap<KeyLogin, KeyLease>();

  constructor(
    private readonly deps: ApiDependencies,
    log: FastifyBaseLogger,
  ) {
    this.lastUse = new LastUse(deps.db, log);
  }

  async login(signed: SocketLogin, request: FastifyRequest): Promise<KeyLogin> {
    const limiter = this.deps.limits.api;
    const state = limiter === null ? null : await standing(limiter, request.ip);
    if (state !== null && state.wait > 0) {
      throw new DomainError(refusalOf('request.tooMany', { wait: waitText(state.wait) }));
    }
    const headers = {
      [API_KEY_HEADERS.key.toLowerCase()]: signed.key,
      [API_KEY_HEADERS.timestamp.toLowerCase()]: String(signed.timestamp),
      ...(signed.recvWindow === undefined
        ? {}
        : { [API_KEY_HEADERS.recvWindow.toLowerCase()]: String(signed.recvWindow) }),
      [API_KEY_HEADERS.signature.toLowerCase()]: signed.signature,
    };
    const deps = { db: this.deps.db, boxKey: this.deps.config.twoFactorKey };
    const message = { headers, ip: request.ip, body: Buffer.alloc(0), token: undefined };
    try {
      const { key, ...caller } = await authenticate(deps, {
        ...message,
        method: SOCKET_LOGIN_METHOD,
      });
      this.lastUse.note(caller.apiKeyId, plainIp(request.ip));
      return { caller, key };
    } catch (error) {
      if (limiter !== null) await take(limiter, request.ip);
      throw error;
    }
  }

  async admit(method: MethodName, login: KeyLogin): Promise<MethodReply | null> {
    try {
      const { weight } = permit(login.key, method);
      const limiter = this.deps.limits.apiKey;
      if (limiter === null) return null;
      const lease = this.leases.get(login) ?? new KeyLease(limiter, login.key.id);
      this.leases.set(login, lease);
      const state = await lease.spend(weight);
      if (state === null) return null;
      const refusal = refusalOf('apiKey.tooMany', {
        limit: state.limit,
        wait: waitText(state.wait),
      });
      return envelope(refusal);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return envelope(error, error.fields);
    }
  }

  async release(login: KeyLogin): Promise<void> {
    await this.leases.get(login)?.giveBack();
    this.leases.delete(login);
  }

  async run(
    method: MethodName,
    params: Record<string, unknown>,
    login: KeyLogin,
    request: FastifyRequest,
  ): Promise<MethodReply> {
    const found = methodsByName.get(method);
    if (found === undefined) throw new Error(`no method ${method}`);
    this.lastUse.note(login.caller.apiKeyId, plainIp(request.ip));
    const call = { method: found, params, subId: '', caller: login.caller };
    return await runMethod(call, request, this.deps);
  }
}
