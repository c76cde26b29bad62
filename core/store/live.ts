/** Live counters: visitors online now and page views. */
import { proxy } from 'valtio/vanilla';

/** `count` is visitors online now; `views` is page views recorded. */
export interface LiveState {
  views: number;
  count: number;
}

/** Both zero. */
export const initialLive: Readonly<LiveState> = { views: 0, count: 0 };

/** A fresh counter state, one per widget instance. */
export function createLiveState(): LiveState {
  return proxy<LiveState>({ ...initialLive });
}

/** The site's shared counters. */
export const live = createLiveState();

/** Replaces the counters with the latest figures. */
export function setLiveCounters(next: Partial<LiveState>, state = live): void {
  Object.assign(state, next);
}
