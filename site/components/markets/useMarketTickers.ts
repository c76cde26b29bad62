/**
 * Every pair's 24 h ticker, live: markets.getItems lists them at once, then each pair's `stats`
 * stream (on the page's one market connection) keeps its row current. A pair's streamed ticker
 * always wins over the listed one, which may have been read before it.
 *
 * The home page asks for `poll` instead: the list is read again every POLL_MS, and the socket
 * client (loaded on demand, a chunk of its own) stays off the page every visitor loads first.
 */
import { useEffect, useState } from 'react';
import { call, type MarketSummary, PAIR_SYMBOLS, type PairSymbol } from '../../../core/index.ts';

/** The tickers in listing order (null while loading) and a message when they cannot load. */
export interface MarketTickers {
  items: MarketSummary[] | null;
  error: string | null;
}

/** What the list says when neither the API nor the stream answered. */
export const TICKERS_ERROR = 'The markets could not be loaded. Please try again later.';

/** How often the polled list is read again. */
export const POLL_MS = 10_000;

/** See the file comment. */
export function useMarketTickers(live: 'stream' | 'poll' = 'stream'): MarketTickers {
  const [state, setState] = useState<MarketTickers>({ items: null, error: null });

  useEffect(() => {
    let current = true;
    let listed: readonly MarketSummary[] | null = null;
    const streamed = new Map<PairSymbol, MarketSummary>();

    const publish = (error: string | null = null) => {
      if (!current) return;
      if (listed === null && streamed.size < PAIR_SYMBOLS.length) {
        setState((previous) => ({ items: previous.items, error }));
        return;
      }
      const items = PAIR_SYMBOLS.map(
        (pair) => streamed.get(pair) ?? listed?.find((item) => item.pair === pair),
      ).filter((item) => item !== undefined);
      setState({ items, error: null });
    };

    const list = () =>
      call('markets.getItems', {}).then(
        (reply) => {
          if (reply.status) {
            listed = reply.items;
            publish();
          } else {
            publish(TICKERS_ERROR);
          }
        },
        () => publish(TICKERS_ERROR),
      );
    void list();

    if (live === 'poll') {
      const timer = setInterval(() => void list(), POLL_MS);
      return () => {
        current = false;
        clearInterval(timer);
      };
    }

    let stops: (() => void)[] = [];
    void import('../../../core/marketConnection.ts').then(({ marketStream }) => {
      if (!current) return;
      const stream = marketStream();
      stops = PAIR_SYMBOLS.map((pair) =>
        stream.subscribe({ stream: 'stats', pair }, (message) => {
          if (message.type !== 'ticker') return;
          streamed.set(pair, message.ticker);
          publish();
        }),
      );
    });

    return () => {
      current = false;
      for (const stop of stops) stop();
    };
  }, [live]);

  return state;
}
