/** The live counters: page views recorded and visitors online now. */

/**
 * The path of the live-counter socket: connecting counts you as online.
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
  /** Records a page view for the live counters; over-long text is cut, never refused. */
  'metrics.addVisitor': {
    params: { referer: string; url: string };
    result: Record<string, never>;
  };
  /** Records an analytics event by its id. */
  'metrics.addEvent': { params: { id: string | number }; result: Record<string, never> };
}
