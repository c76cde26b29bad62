/**
 * An account's private market stream, opened as the site opens it (a ticket, then a subscription
 * to `account`), with every message it brings kept in order for a test to read.
 */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { MARKET_SOCKET_PATH, type MarketServerMessage } from '../core/protocol/index.ts';
import { ok } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

/** The open stream and what it has brought so far. */
export interface AccountStream {
  messages: MarketServerMessage[];
  /** Resolves with the close code once the socket closes, from either side. */
  closed: Promise<number>;
  close(): void;
}

/** Opens the account's stream on `base` (the listening server's URL) and waits for its snapshot. */
export async function openAccountStream(
  app: FastifyInstance,
  base: string,
  token: string,
): Promise<AccountStream> {
  const { ticket } = await ok(app, 'markets.getSocketTicket', {}, { token });
  return openAccountStreamWithTicket(base, ticket);
}

/** Opens the account's stream on `base` with a ticket (markets.getSocketTicket) got anywhere. */
export async function openAccountStreamWithTicket(
  base: string,
  ticket: string,
): Promise<AccountStream> {
  const socket = new WebSocket(
    `${base.replace('http', 'ws')}${MARKET_SOCKET_PATH}?ticket=${ticket}`,
  );
  const messages: MarketServerMessage[] = [];
  socket.on('message', (data) => {
    const parsed = JSON.parse(String(data)) as MarketServerMessage | MarketServerMessage[];
    messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  });
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream: 'account' }));
  await waitFor('the account snapshot', () =>
    messages.some((message) => message.type === 'account' && message.snapshot),
  );
  return { messages, closed, close: () => socket.close() };
}
