/**
 * The market streams socket at MARKET_SOCKET_PATH (protocol: core/protocol/marketStreams.ts).
 * Public market data, so any origin may connect and read; a `?ticket=` from
 * markets.getSocketTicket adds the account's own stream, and so does a login with an API key,
 * which also lets the socket place and cancel orders (MarketSession.ts). A socket closes when the
 * access it was opened or logged in with ends: a sign-out, a revoked or expired key, a block.
 */
// The type import also brings @fastify/websocket's route options into Fastify's types.
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { MARKET_SOCKET_PATH } from '../../../core/protocol/index.ts';
import { accessEnded, keyAccessEnded } from '../../accounts/sessions.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import type { Database } from '../../storage/db.ts';
import { redeemTicket } from '../../support/tickets.ts';
import type { RecentPurchases } from '../../wallet/walletActivity.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import type { KeyDesk, KeyLogin } from './KeyRequests.ts';
import { MarketFeed } from './MarketFeed.ts';
import { MarketSession } from './MarketSession.ts';

export { MAX_SUBSCRIPTIONS } from './MarketSession.ts';

/** Most market sockets one IP may hold. */
export const MAX_MARKET_CONNECTIONS_PER_IP = 20;

/** Close code when the ticket or key opens nothing (any more): the client asks anew. */
export const CLOSE_BAD_TICKET = 4001;

/** Longest a timer waits (a key expiring later is closed by a check then, not at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Registers the socket route; needs registerSockets (../../sockets.ts) on `app` first. */
export function registerMarketSocket(
  app: FastifyInstance,
  deps: {
    db: Database;
    market: SpotMarket;
    events: ServerEventBus;
    /** The account's newest card purchases, for its `account` stream. */
    recentPurchases: RecentPurchases;
    /** Checks API key logins and runs order requests as signed calls. */
    desk: KeyDesk;
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
    const stops: (() => void)[] = [];
    const session = new MarketSession(socket, feed, {
      request,
      desk: deps.desk,
      userId: caller?.user.id ?? null,
      loggedIn: (login) => stops.push(closeWhenKeyEnds(socket, deps.events, login)),
    });
    socket.on('message', (data: Buffer) => session.receive(data));
    // Signing out or being blocked ends the account stream with the socket; the client
    // reconnects without a ticket for the public streams.
    if (caller !== null) {
      stops.push(
        deps.events.subscribe('access.ended', (end) => {
          if (accessEnded(end, caller.sessionId, caller.user.id)) {
            socket.close(CLOSE_BAD_TICKET, 'Signed out.');
          }
        }),
      );
    }
    socket.on('close', () => {
      for (const stop of stops) stop();
      session.close();
      feed.drop(session);
    });
    for (const data of early) session.receive(data);
  });
  return feed;
}

/**
 * Closes a socket logged in with a key once the key is revoked or expires, or its account is
 * blocked, heard on any server; returns what stops the watch.
 */
function closeWhenKeyEnds(socket: WebSocket, events: ServerEventBus, login: KeyLogin) {
  const { apiKeyId, user } = login.caller;
  const stopHearing = events.subscribe('access.ended', (end) => {
    if (keyAccessEnded(end, apiKeyId, user.id)) socket.close(CLOSE_BAD_TICKET, 'Key revoked.');
  });
  const expires = login.key.expires_at?.getTime() ?? null;
  const timer =
    expires === null
      ? null
      : setTimeout(
          () => socket.close(CLOSE_BAD_TICKET, 'Key expired.'),
          Math.min(MAX_TIMER_MS, Math.max(0, expires - Date.now())),
        );
  timer?.unref();
  return () => {
    stopHearing();
    if (timer !== null) clearTimeout(timer);
  };
}
