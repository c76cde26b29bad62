/**
 * One market socket's session: its subscriptions, and for a trading program its login with an
 * API key and its order requests (KeyRequests.ts). A message that does not parse, names an
 * unknown pair or asks for what the socket may not have gets an `error` naming the problem (an
 * order request, a `result` with its id); the socket and its other subscriptions carry on.
 * Messages that arrive while the login is checked wait for it, so a program may send its first
 * orders right behind its login.
 */
import type { WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { type ErrorReport, refusalOf, replyOf } from '../../../core/errors/index.ts';
import {
  MAX_PENDING_REQUESTS,
  type MarketClientMessage,
  type MarketServerMessage,
  type StreamTopic,
} from '../../../core/protocol/index.ts';
import { DomainError } from '../../errors/DomainError.ts';
import { type KeyDesk, type KeyLogin, KeyRequests } from './KeyRequests.ts';
import type { MarketFeed } from './MarketFeed.ts';
import { readMarketMessage } from './marketMessages.ts';
import type { Subscriber } from './Subscriber.ts';

/** Most subscriptions one socket may hold (every stream of every pair is 8 × 10 + 1). */
export const MAX_SUBSCRIPTIONS = 100;

/** Largest message a client may send: subscriptions, logins and order requests are short. */
const MAX_MESSAGE_BYTES = 1024;

/** ws sends a buffer as a binary frame unless told otherwise; the streams are JSON text. */
const AS_TEXT = { binary: false } as const;

/** What a session needs besides its socket and feed. */
export interface SessionContext {
  /** The socket's upgrade request: its address, and the log order requests run with. */
  request: FastifyRequest;
  /** Checks logins and runs order requests as signed calls. */
  desk: KeyDesk;
  /** The account a ticket opened the socket for, or null. */
  userId: number | null;
  /** Called once a login succeeded (to close the socket when the key's access ends). */
  loggedIn(login: KeyLogin): void;
}

/** See the file comment. */
export class MarketSession implements Subscriber {
  private readonly topics = new Set<string>();
  private account: number | null;
  private requests: KeyRequests | null = null;
  /** Messages that arrived while the login is checked; null when none is. */
  private waiting: Buffer[] | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly feed: MarketFeed,
    private readonly context: SessionContext,
  ) {
    this.account = context.userId;
  }

  /** The account a private stream may be read for: the ticket's, or the key's once logged in. */
  get userId(): number | null {
    return this.account;
  }

  sendFrame(frame: Buffer): void {
    // As text, and as it is: ws frames a buffer without copying it (no compression here).
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame, AS_TEXT);
  }

  private send(message: MarketServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  receive(data: Buffer): void {
    if (data.length > MAX_MESSAGE_BYTES) {
      this.socket.close(1009, 'Message too large.');
      return;
    }
    if (this.waiting !== null) {
      if (this.waiting.length >= MAX_PENDING_REQUESTS) {
        this.socket.close(1008, "Too many messages before the login's answer.");
      } else this.waiting.push(data);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      this.fail(refusalOf('stream.notJson'));
      return;
    }
    const reading = readMarketMessage(parsed);
    if (!reading.ok) {
      this.fail(reading.error);
      return;
    }
    this.follow(reading.value);
  }

  private follow(message: MarketClientMessage): void {
    switch (message.type) {
      case 'ping':
        this.send({ v: 1, type: 'pong' });
        return;
      case 'subscribe':
        void this.subscribe(message, 'since' in message ? message.since : undefined);
        return;
      case 'unsubscribe':
        this.topics.delete(JSON.stringify(topicOf(message)));
        this.feed.unsubscribe(this, topicOf(message));
        return;
      case 'login':
        void this.logIn(message);
        return;
      case 'place':
      case 'cancel':
      case 'cancelAll':
        if (this.requests !== null) this.requests.submit(message.type, message.id, message.params);
        else
          this.send({
            v: 1,
            type: 'result',
            id: message.id,
            ...replyOf(refusalOf('stream.loginRequired')),
          });
        return;
      default:
        message satisfies never;
    }
  }

  /** The socket closed: what it holds of its key's budget goes back. */
  close(): void {
    this.requests?.close();
  }

  private async logIn(message: Extract<MarketClientMessage, { type: 'login' }>): Promise<void> {
    if (this.account !== null) {
      this.fail(refusalOf('stream.loggedIn'));
      return;
    }
    this.waiting = [];
    try {
      const login = await this.context.desk.login(message, this.context.request);
      this.account = login.caller.user.id;
      this.requests = new KeyRequests(this.context.desk, login, this.context.request, (result) =>
        this.send(result),
      );
      this.send({ v: 1, type: 'login', key: login.key.id, scopes: login.key.scopes });
      this.context.loggedIn(login);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        this.context.request.log.error({ err: error }, 'A socket login failed');
        this.fail(refusalOf('request.serverError'));
      } else this.fail(error);
    }
    const waiting = this.waiting;
    this.waiting = null;
    for (const data of waiting) this.receive(data);
  }

  private async subscribe(topic: StreamTopic, since: number | undefined): Promise<void> {
    if (topic.stream === 'account' && this.account === null) {
      this.fail(refusalOf('stream.ticketRequired'));
      return;
    }
    const key = JSON.stringify(topicOf(topic));
    if (!this.topics.has(key) && this.topics.size >= MAX_SUBSCRIPTIONS) {
      this.fail(refusalOf('stream.tooManySubscriptions', { max: MAX_SUBSCRIPTIONS }));
      return;
    }
    this.topics.add(key);
    try {
      await this.feed.subscribe(this, topicOf(topic), since);
    } catch (error) {
      this.topics.delete(key);
      this.feed.unsubscribe(this, topicOf(topic));
      console.error('Market stream snapshot failed:', error);
      this.fail(refusalOf('stream.unavailable'));
    }
  }

  private fail(refusal: ErrorReport): void {
    this.send({ v: 1, type: 'error', code: refusal.code, message: refusal.message });
  }
}

/** The topic of a subscribe or unsubscribe message (without its verb, version and `since`). */
function topicOf(message: StreamTopic): StreamTopic {
  switch (message.stream) {
    case 'account':
      return { stream: 'account' };
    case 'chart':
      return { stream: 'chart', pair: message.pair, interval: message.interval };
    default:
      return { stream: message.stream, pair: message.pair };
  }
}
