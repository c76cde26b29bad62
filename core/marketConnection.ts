/**
 * The page's one market streams connection, opened on first use: the trading page, the markets
 * list and the home page's tickers share it (and its subscriptions). Signed in, each connect
 * takes a ticket so the account stream works, and signing in, out or as someone else connects
 * again with the new account's ticket (or none). The four trading load flags
 * follow it: a flag goes true when its stream's snapshot arrives and false whenever the
 * connection drops.
 */
import { subscribe } from 'valtio/vanilla';
import { apiBaseUrl, call } from './api.ts';
import { MarketStream } from './marketStream.ts';
import { setStreamLoaded, type TradingStream } from './store/trading.ts';
import { user } from './store/user.ts';

let shared: MarketStream | null = null;
let stopWatchingUser: (() => void) | null = null;

/** The account whose ticket the current connection took, null for none. */
let connectedAs: number | null = null;

const signedInAs = () => (user.isAuth ? user.id : null);

const STREAMS: readonly TradingStream[] = ['stats', 'chart', 'orders', 'trades'];

/** The page's market streams connection (opened now if it is not yet). */
export function marketStream(): MarketStream {
  if (shared === null) {
    shared = new MarketStream({
      baseUrl: apiBaseUrl(),
      async getTicket() {
        connectedAs = signedInAs();
        if (connectedAs === null) return null;
        const reply = await call('markets.getSocketTicket', {});
        return reply.status ? reply.ticket : null;
      },
    });
    stopWatchingUser = subscribe(user, () => {
      const now = signedInAs();
      if (now === connectedAs) return;
      connectedAs = now;
      shared?.reconnect();
    });
    shared.onStatus((status) => {
      if (status === 'open') return;
      for (const stream of STREAMS) setStreamLoaded(stream, false);
    });
  }
  return shared;
}

/** Closes the connection (tests; a page that no longer shows markets keeps it for the next). */
export function closeMarkets(): void {
  stopWatchingUser?.();
  stopWatchingUser = null;
  shared?.close();
  shared = null;
}
