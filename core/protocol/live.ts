/** The live counters: page views recorded and visitors online now. */

/**
 * The path of the live-counter socket: connecting counts you as online (spec §3 Live counters).
 * Not `/live`, which is a page of the site.
 */
export const LIVE_SOCKET_PATH = '/live-counters';

/** What the live-counter socket pushes: visitors online now and page views recorded. */
export interface LiveCountersMessage {
  type: 'LIVE_COUNTERS';
  /** Page views recorded by metrics.addVisitor. */
  views: number;
  /** Visitors online now: open live connections. */
  count: number;
}

/** Recording visits and events for the live counters. */
export interface LiveMethods {
  'metrics.addVisitor': {
    params: { referer: string; url: string };
    result: Record<string, never>;
  };
  'metrics.addEvent': { params: { id: string | number }; result: Record<string, never> };
}
