/** Which trading streams are connected. */
import { proxy } from 'valtio/vanilla';

/** One flag per stream, false until it connects. */
export interface TradingState {
  isStatsLoaded: boolean;
  isChartLoaded: boolean;
  isOrdersLoaded: boolean;
  isTradesLoaded: boolean;
}

/** A trading data stream. */
export type TradingStream = 'stats' | 'chart' | 'orders' | 'trades';

/** Nothing connected. */
export const initialTrading: Readonly<TradingState> = {
  isStatsLoaded: false,
  isChartLoaded: false,
  isOrdersLoaded: false,
  isTradesLoaded: false,
};

/** The shared trading flags. */
export const trading = proxy<TradingState>({ ...initialTrading });

const FLAG = {
  stats: 'isStatsLoaded',
  chart: 'isChartLoaded',
  orders: 'isOrdersLoaded',
  trades: 'isTradesLoaded',
} as const satisfies Record<TradingStream, keyof TradingState>;

/** Marks a stream connected (true) or disconnected (false). */
export function setStreamLoaded(stream: TradingStream, loaded: boolean): void {
  trading[FLAG[stream]] = loaded;
}
