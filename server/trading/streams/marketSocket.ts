/**
 * The market streams socket at MARKET_SOCKET_PATH (protocol: core/protocol/marketStreams.ts).
 * Public market data, so any origin may connect and read; a `?ticket=` from
 * markets.getSocketTicket adds the account's own stream. A message that does not parse, names an
 * unknown pair or asks for an account stream without one gets an `error` message naming the
 * problem; the socket and its other subscriptions carry on.
 */
// The type import also brings @fastify/websocket's route options into Fastify's types.
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ErrorReport, refusalOf } from '../../../core/errors/index.ts';
import {
  MARKET_SOCKET_PATH,
  type MarketClientMessage,
  type MarketServerMessage,
  type StreamTopic,
} from '../../../core/protocol/index.ts';
import { accessEnded } from '../../accounts/sessions.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import { read } from '../../http/fields.ts';
import type { Database } from '../../storage/db.ts';
import { redeemTicket } from '../../support/tickets.ts';
import type { RecentPurchases } from '../../wallet/walletActivity.ts';
import { pairField } from '../orderParams.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import { MarketFeed } from './MarketFeed.ts';
import type { Subscriber } from './Subscriber.ts';

/** Most market sockets one IP may hold. */
export const MAX_MARKET_CONNECTIONS_PER_IP = 20;

/** Most subscriptions one socket may hold (every stream of every pair is 8 × 10 + 1). */
export const MAX_SUBSCRIPTIONS = 100;

/** Largest message a client may send: subscriptions are short. */
const MAX_MESSAGE_BYTES = 1024;

/** Close code when the ticket opens nothing: the client asks for a new one. */
export const CLOSE_BAD_TICKET = 4001;

const interval = z.enum(['1m', '5m', '15m', '1h', '4h', '1d']);
const verb = z.enum(['subscribe', 'unsubscribe']);
const version = z.literal(1);

const messageSchema: z.ZodType<MarketClientMessage> = z.union([
  z.strictObject({ v: version, type: z.literal('ping') }),
  z.discriminatedUnion('stream', [
    z.strictObject({
      v: version,
      type: verb,
      stream: z.enum(['stats', 'orders', 'trades']),
      pair: pairField(),
    }),
    z.strictObject({
      v: version,
      type: verb,
      stream: z.literal('chart'),
      pair: pairField(),
      interval,
    }),
    z.strictObject({ v: version, type: verb, stream: z.literal('account') }),
  ]),
]) as z.ZodType<MarketClientMessage>;

/** Registers the socket route; needs registerSockets (../../sockets.ts) on `app` first. */
export function registerMarketSocket(
  app: FastifyInstance,
  deps: {
    db: Database;
    market: SpotMarket;
    events: ServerEventBus;
    /** The account's newest card purchases, for its `account` stream. */
    recentPurchases: RecentPurchases;
  },
): MarketFeed {
  const feed = new MarketFeed(deps.db, deps.market, deps.recentPurchases);
  deps.events.subscribe('wallet.balancesChanged', ({ userIds }) => feed.walletsChanged(userIds));
  deps.events.subscribe('kyc.decided', (decision) => feed.verificationDecided(decision));
  deps.events.subscribe('p2p.tradeMoved', (move) => feed.tradeMoved(move));
  deps.events.subscribe('p2p.tradeMessage', (message) => feed.tradeMessaged(message));
  const perIp = new Map<string, number>();
  app.addHook('onClose', async () => feed.close());
  app.get(MARKET_SOCKET_PATH, { websocket: true }, async (socket: WebSocket, request) => {
    const held = perIp.get(request.ip) ?? 0;
    if (held >= MAX_MARKET_CONNECTIONS_PER_IP) {
      socket.close(1008, 'Too many market connections from this address.');
      return;
    }
    perIp.set(request.ip, held + 1);
    socket.on('close', () => {
      const left = (perIp.get(request.ip) ?? 1) - 1;
      if (left > 0) perIp.set(request.ip, left);
      else perIp.delete(request.ip);
    });
    // Messages that arrive while the ticket is checked wait for it.
    const early: Buffer[] = [];
    const keep = (data: Buffer) => early.push(data);
    socket.on('message', keep);
    const ticket = (request.query as { ticket?: unknown }).ticket;
    const caller = typeof ticket === 'string' ? await redeemTicket(deps.db, ticket) : null;
    if (typeof ticket === 'string' && caller === null) {
      socket.close(CLOSE_BAD_TICKET, 'The ticket is unknown, used or expired: ask for a new one.');
      return;
    }
    socket.off('message', keep);
    const session = new MarketSession(socket, feed, caller?.user.id ?? null);
    socket.on('message', (data: Buffer) => session.receive(data));
    // Signing out or being blocked ends the account stream with the socket; the client
    // reconnects without a ticket for the public streams.
    const stopListening =
      caller === null
        ? () => {}
        : deps.events.subscribe('access.ended', (end) => {
            if (accessEnded(end, caller.sessionId, caller.user.id)) {
              socket.close(CLOSE_BAD_TICKET, 'Signed out.');
            }
          });
    socket.on('close', () => {
      stopListening();
      feed.drop(session);
    });
    for (const data of early) session.receive(data);
  });
  return feed;
}

/** ws sends a buffer as a binary frame unless told otherwise; the streams are JSON text. */
const AS_TEXT = { binary: false } as const;

/** One socket's subscriptions. */
class MarketSession implements Subscriber {
  private readonly topics = new Set<string>();

  constructor(
    private readonly socket: WebSocket,
    private readonly feed: MarketFeed,
    readonly userId: number | null,
  ) {}

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
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      this.fail(refusalOf('stream.notJson'));
      return;
    }
    const reading = read(messageSchema, parsed);
    if (!reading.ok) {
      this.fail(reading.error);
      return;
    }
    const message = reading.value;
    switch (message.type) {
      case 'ping':
        this.send({ v: 1, type: 'pong' });
        return;
      case 'subscribe':
        void this.subscribe(message);
        return;
      case 'unsubscribe':
        this.topics.delete(JSON.stringify(topicOf(message)));
        this.feed.unsubscribe(this, topicOf(message));
        return;
      default:
        message satisfies never;
    }
  }

  private async subscribe(topic: StreamTopic): Promise<void> {
    if (topic.stream === 'account' && this.userId === null) {
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
      await this.feed.subscribe(this, topicOf(topic));
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

/** The topic of a subscribe or unsubscribe message (without its verb and version). */
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
