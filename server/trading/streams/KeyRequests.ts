/**
 * A logged-in socket's order requests (core/protocol/marketStreams.ts): each runs the HTTP method
 * of its type for the key's caller, through the same checks, limits and handler as a signed HTTP
 * call (the KeyDesk the server gives: server/http/keySockets.ts), and is answered with the
 * method's reply and the request's id.
 *
 * Requests start in the order they arrive: each spends its weight from the key's budget after the
 * one before it has, then runs; its method reaches the market's queue before the next one's does,
 * so a socket's requests commit in the order it sent them. Answers go out in that order too, each
 * once its commit is done, so an early refusal waits for the answers of the requests before it.
 */
import type { FastifyRequest } from 'fastify';
import { refusalOf, replyOf } from '../../../core/errors/index.ts';
import {
  MAX_PENDING_REQUESTS,
  type MethodName,
  SOCKET_ORDER_METHODS,
  type SocketOrderRequest,
  type SocketResult,
} from '../../../core/protocol/index.ts';
import type { KeyCaller } from '../../accounts/sessions.ts';
import type { KeyGrant } from '../../apiKeys/keys.ts';

/** A socket logged in with a key: its caller, and the key's scopes and expiry as found. */
export interface KeyLogin {
  caller: KeyCaller;
  key: KeyGrant;
}

/** A signed-call method's reply: `{status: true, ...result}` or a refusal's envelope. */
export interface MethodReply {
  status: boolean;
}

/** A login message's signed parts (numbers on the wire; text is checked as a header's would be). */
export interface SocketLogin {
  key: string;
  timestamp: number | string;
  recvWindow?: number | string;
  signature: string;
}

/** What the server lends the socket for its key: the login and the signed-call checks. */
export interface KeyDesk {
  /** Checks a socket's login as a signed call's headers are checked; the login, or throws. */
  login(signed: SocketLogin, request: FastifyRequest): Promise<KeyLogin>;
  /**
   * Checks the key may call `method` and spends its weight: the refusal's reply (scope, rate
   * limit) when not, else null.
   */
  admit(method: MethodName, login: KeyLogin): Promise<MethodReply | null>;
  /** Gives back what the socket holds of its key's budget and did not spend (it closed). */
  release(login: KeyLogin): Promise<void>;
  /** Runs the method for the key's caller, as a signed call does: its reply. */
  run(
    method: MethodName,
    params: Record<string, unknown>,
    login: KeyLogin,
    request: FastifyRequest,
  ): Promise<MethodReply>;
}

/** See the file comment. */
export class KeyRequests {
  private admitted: Promise<unknown> = Promise.resolve();
  private answered: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly desk: KeyDesk,
    private readonly login: KeyLogin,
    private readonly request: FastifyRequest,
    private readonly send: (result: SocketResult) => void,
  ) {}

  /** Takes one request; its answer follows those of the requests before it. */
  submit(type: SocketOrderRequest, id: string, params: Record<string, unknown>): void {
    if (this.pending >= MAX_PENDING_REQUESTS) {
      const reply = replyOf(refusalOf('stream.tooManyPending', { max: MAX_PENDING_REQUESTS }));
      this.answer(id, Promise.resolve(reply));
      return;
    }
    this.pending += 1;
    const method = SOCKET_ORDER_METHODS[type];
    const admitted = this.admitted.then(() => this.desk.admit(method, this.login));
    // Run before the next request is admitted: its method must reach the market first.
    const reply = admitted.then(
      (refused) => refused ?? this.desk.run(method, params, this.login, this.request),
    );
    this.admitted = admitted.catch(() => null);
    this.answer(
      id,
      reply.finally(() => {
        this.pending -= 1;
      }),
    );
  }

  /** The socket closed: once its requests are admitted, gives back what it leased. */
  close(): void {
    void this.admitted.then(() => this.desk.release(this.login)).catch(() => {});
  }

  private answer(id: string, reply: Promise<MethodReply>): void {
    const settled = reply.catch((error: unknown) => {
      this.request.log.error({ err: error }, 'A socket order request failed');
      return replyOf(refusalOf('request.serverError'));
    });
    this.answered = this.answered
      .then(() => settled)
      .then((answer) => this.send({ v: 1, type: 'result', id, ...answer } as SocketResult));
  }
}
