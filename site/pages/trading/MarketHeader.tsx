/** The pair's header: the switcher and the 24 h figures from the `stats` stream. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import {
  formatChange,
  formatPairAmount,
  formatPrice,
  formatUsdtValue,
  PAIRS,
  trading,
  trendOf,
} from '../../../core/index.ts';
import type { MarketData } from './marketData.ts';
import { PairSwitcher } from './PairSwitcher.tsx';

function Figure({
  label,
  loaded,
  children,
}: {
  label: string;
  loaded: boolean;
  children: ReactNode;
}) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        {loaded ? (
          children
        ) : (
          <>
            <span className="skeleton stat-skeleton" aria-hidden="true" />
            <span className="visually-hidden">Loading</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** See the file comment. */
export function MarketHeader({ data }: { data: MarketData }) {
  useSignals();
  const { isStatsLoaded } = useSnapshot(trading);
  const { pair } = data;
  const spec = PAIRS[pair];
  const ticker = data.ticker.value;
  const loaded = isStatsLoaded || ticker !== null;
  const change = ticker?.change ?? null;
  return (
    <header className="trading-head">
      <h1 className="visually-hidden">Spot trading {pair.replace('_', '/')}</h1>
      <PairSwitcher pair={pair} />
      <dl className="trading-stats" data-testid="trading-stats">
        <Figure label="Last price" loaded={loaded}>
          <span className="stat-last" data-testid="stat-last">
            {formatPrice(pair, ticker?.last ?? null)}
          </span>
        </Figure>
        <Figure label="24h change" loaded={loaded}>
          <span className={`trend-${trendOf(change)}`}>{formatChange(change)}</span>
        </Figure>
        <Figure label="24h high" loaded={loaded}>
          {formatPrice(pair, ticker?.high ?? null)}
        </Figure>
        <Figure label="24h low" loaded={loaded}>
          {formatPrice(pair, ticker?.low ?? null)}
        </Figure>
        <Figure label={`24h volume (${spec.base})`} loaded={loaded}>
          {formatPairAmount(pair, ticker?.baseVolume ?? '0')}
        </Figure>
        <Figure label={`24h volume (${spec.quote})`} loaded={loaded}>
          {formatUsdtValue(ticker?.quoteVolume ?? '0')}
        </Figure>
      </dl>
    </header>
  );
}
