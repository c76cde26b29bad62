/**
 * A trading program's market socket, as docs/programs.md shows one: it logs in with its API key
 * (signed over `market.login` and an empty body), sends order requests with its own ids and
 * reads their answers, and follows its account stream; every message it gets is kept in order.
 */
import WebSocket from 'ws';
import {
  MARKET_SOCKET_PATH,
  type MarketClientMessage,
  type MarketServerMessage,
  SOCKET_LOGIN_METHOD,
  type SocketOrderRequest,
  type SocketResult,
} from '../core/protocol/index.ts';
import { type SigningKey, signatureOf } from './apiKeyTesting.ts';
import { waitFor } from './waitFor.ts';

/** An account stream message. */
export type AccountMessage = Extract<MarketServerMessage, { type: 'account' }>;

/** How a login is signed; each part may be bent to test a refusal. */
export interface LoginOptions {
  timestamp?: number;
  recvWindow?: number;
  /** Signs this method name instead of `market.login`. */
  signMethod?: string;
}

/** The login message a program sends for `key`. */
export function loginMessage(key: SigningKey, options: LoginOptions = {}): MarketClientMessage {
  const timestamp = options.timestamp ?? Date.now();
  const window = options.recvWindow ?? 5000;
  const method = options.signMethod ?? SOCKET_LOGIN_METHOD;
  const prehash = Buffer.from(`${timestamp}\n${window}\n${method}\n`, 'utf8');
  return {
    v: 1,
    type: 'login',
    key: key.id,
    timestamp,
    ...(options.recvWindow === undefined ? {} : { recvWindow: window }),
    signature: signatureOf(key, prehash),
  };
}

/** See the file comment. */
export class ProgramSocket {
  readonly messages: MarketServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private requests = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as MarketServerMessage | MarketServerMessage[];
      this.messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  /** Opens a socket on `base` (the server's http or ws URL). */
  static async open(base: string): Promise<ProgramSocket> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${MARKET_SOCKET_PATH}`);
    const program = new ProgramSocket(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return program;
  }

  /** Opens a socket and logs in with `key`; fails unless the login is accepted. */
  static async login(base: string, key: SigningKey): Promise<ProgramSocket> {
    const program = await ProgramSocket.open(base);
    const answer = await program.logIn(key);
    if (answer.type !== 'login') throw new Error(`login refused: ${JSON.stringify(answer)}`);
    return program;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends a login; its answer: `login`, or the `error` refusing it. */
  async logIn(key: SigningKey, options: LoginOptions = {}) {
    const from = this.messages.length;
    this.send(loginMessage(key, options));
    return waitFor('the login answer', () =>
      this.messages.slice(from).find((m) => m.type === 'login' || m.type === 'error'),
    );
  }

  /** Sends an order request; its id. */
  request(type: SocketOrderRequest, params: Record<string, unknown>, id?: string): string {
    this.requests += 1;
    const sent = id ?? `r${this.requests}`;
    this.send({ v: 1, type, id: sent, params });
    return sent;
  }

  /** The answer to request `id`, once it came. */
  result(id: string): Promise<SocketResult> {
    return waitFor(`the answer to ${id}`, () =>
      this.messages.find((m): m is SocketResult => m.type === 'result' && m.id === id),
    );
  }

  /** Sends a request and waits for its answer. */
  async call(type: SocketOrderRequest, params: Record<string, unknown>): Promise<SocketResult> {
    return this.result(this.request(type, params));
  }

  /** The results received so far, in order. */
  results(): SocketResult[] {
    return this.messages.filter((m): m is SocketResult => m.type === 'result');
  }

  /** The account stream's messages so far, in order. */
  account(): AccountMessage[] {
    return this.messages.filter((m): m is AccountMessage => m.type === 'account');
  }

  /** Resolves once the socket closed, with its code. */
  async whenClosed(): Promise<{ code: number; reason: string }> {
    return waitFor('the socket to close', () => this.closed);
  }

  close(): void {
    this.socket.close();
  }
}
