/**
 * Spot trading (`/trading`, `/trading/{BASE}_USDT`): the pair's header figures, chart, order
 * book, recent trades, order form and the account's orders. `/trading` opens BTC_USDT; a pair
 * that is not listed is the not-found page. On a phone the chart, book and trades are tabs.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { isPairSymbol, type PairSymbol, user } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import { TabList, tabPanelProps } from '../../components/trading/TabList.tsx';
import { AccountOrders } from './AccountOrders.tsx';
import { MarketHeader } from './MarketHeader.tsx';
import { MarketData } from './marketData.ts';
import { OrderBook } from './OrderBook.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PriceChart } from './PriceChart.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import '../../components/markets/marketFigures.css';
import './trading.css';

const NotFoundPage = lazy(() => import('../NotFoundPage.tsx'));

/** The pair `/trading` opens. */
export const DEFAULT_PAIR: PairSymbol = 'BTC_USDT';

const PHONE = '(max-width: 767.98px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

type MarketTab = 'chart' | 'book' | 'trades';

const MARKET_TABS = [
  { key: 'chart', label: 'Chart' },
  { key: 'book', label: 'Order book' },
  { key: 'trades', label: 'Trades' },
] as const;

/**
 * False in the page's first render, true once that render's frame is painted: what waits for it
 * is laid out in a frame of its own, so the page's first layout is not the whole page's.
 */
function useFramePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Queued from a frame callback, a task runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

function TradingView({ pair }: { pair: PairSymbol }) {
  useSignals();
  const [data] = useState(() => new MarketData(pair));
  const { isAuth } = useSnapshot(user);
  const phone = usePhone();
  const [tab, setTab] = useState<MarketTab>('chart');
  // The book and the trades (skeletons until their snapshots) join a frame after the rest.
  const painted = useFramePainted();

  useEffect(() => data.watchMarket(marketStream()), [data]);
  useEffect(() => {
    // The connection itself reconnects with the new account's ticket on sign-in (marketConnection).
    return isAuth ? data.watchAccount(marketStream()) : undefined;
  }, [data, isAuth]);
  useEffect(() => {
    document.title = `${pair.replace('_', '/')} spot trading`;
  }, [pair]);

  const panel = (key: MarketTab) =>
    phone ? { ...tabPanelProps('market', key, tab), className: 'market-tab' } : {};

  return (
    <div className="trading" data-testid="trading-page">
      <MarketHeader data={data} />
      {phone ? (
        <TabList<MarketTab>
          label="Market view"
          prefix="market"
          tabs={MARKET_TABS}
          selected={tab}
          onSelect={setTab}
          className="tab-list market-tabs"
        />
      ) : null}
      <div className="trading-area-chart" {...panel('chart')}>
        <PriceChart pair={pair} />
      </div>
      <div className="trading-area-book" {...panel('book')}>
        {painted ? <OrderBook data={data} /> : null}
      </div>
      <div className="trading-area-trades" {...panel('trades')}>
        {painted ? <RecentTrades data={data} /> : null}
      </div>
      <div className="trading-area-form">
        <OrderForm data={data} />
      </div>
      <div className="trading-area-account">
        <AccountOrders data={data} />
      </div>
    </div>
  );
}

/** See the file comment; `pair` is the route's parameter, absent on `/trading`. */
export default function TradingPage({ pair }: { pair?: string | undefined }) {
  if (pair === undefined || pair === '')
    return <Redirect to={`/trading/${DEFAULT_PAIR}`} replace />;
  if (!isPairSymbol(pair)) return <NotFoundPage />;
  return <TradingView key={pair} pair={pair} />;
}
