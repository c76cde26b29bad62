/**
 * The order book: asks above, bids below, each row with its running total drawn as a depth bar,
 * grouped by a chosen price step. Each row reads its own signal, so an update re-renders only
 * the rows whose figures changed; the bars' common scale is set on the container without a
 * render. Choosing a row puts its price into the order form. The snapshot first draws the rows
 * nearest the last price, the outer ones once the page is idle.
 */
import type { Signal } from '@preact/signals-react';
import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { type CSSProperties, memo, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  formatPairAmount,
  formatPrice,
  PAIRS,
  type PairSymbol,
  type ShownLevel,
  trading,
} from '../../../core/index.ts';
import { whenIdle } from '../../whenIdle.ts';
import { BOOK_ROWS, groupingSteps, type MarketData } from './marketData.ts';

/**
 * Rows a side drawn with the snapshot, those nearest the last price; the outer rows stay empty
 * rows of the same height (nothing moves) until the page is idle, so the book's first drawing
 * is half the work.
 */
export const FIRST_BOOK_ROWS = 6;

type Side = 'bids' | 'asks';

/** One price level; memoised so only a changed row signal renders it again. */
const BookRow = memo(function BookRow({
  row,
  side,
  pair,
  onPick,
}: {
  row: Signal<ShownLevel | null>;
  side: Side;
  pair: PairSymbol;
  onPick(price: string): void;
}) {
  useSignals();
  const level = row.value;
  if (level === null) return <li className="book-row book-row-empty" aria-hidden="true" />;
  // The bar's width only: a float is fine for pixels.
  const style = { '--total': Number(level.total) } as CSSProperties;
  return (
    <li className={`book-row book-${side}`} style={style}>
      <button
        type="button"
        aria-describedby="book-pick-hint"
        data-price={level.price}
        onClick={() => onPick(level.price)}
      >
        <span className="book-price">{formatPrice(pair, level.price)}</span>
        <span>{formatPairAmount(pair, level.amount)}</span>
        <span>{formatPairAmount(pair, level.total)}</span>
      </button>
    </li>
  );
});

function BookSide({
  data,
  side,
  shown,
  onPick,
}: {
  data: MarketData;
  side: Side;
  /** Rows drawn, counted from the last price. */
  shown: number;
  onPick(price: string): void;
}) {
  const rows = side === 'asks' ? [...data.asks].reverse() : data.bids;
  return (
    <ol
      className={`book-side book-side-${side}`}
      aria-label={side === 'asks' ? 'Asks: sell orders' : 'Bids: buy orders'}
      data-testid={`book-${side}`}
    >
      {rows.map((row, index) =>
        // Rows are positions (best first), not prices: a row re-renders in place.
        (side === 'asks' ? rows.length - 1 - index : index) < shown ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <BookRow key={index} row={row} side={side} pair={data.pair} onPick={onPick} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="book-row book-row-empty" aria-hidden="true" />
        ),
      )}
    </ol>
  );
}

function LastPrice({ data }: { data: MarketData }) {
  useSignals();
  const ticker = data.ticker.value;
  return (
    <p className="book-last" data-testid="book-last">
      <span className="visually-hidden">Last price </span>
      {formatPrice(data.pair, ticker?.last ?? null)}
    </p>
  );
}

function BookSkeleton() {
  return (
    <div className="book-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading the order book</span>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

/** See the file comment. */
export function OrderBook({ data }: { data: MarketData }) {
  useSignals();
  const { isOrdersLoaded } = useSnapshot(trading);
  const sides = useRef<HTMLDivElement>(null);
  const spec = PAIRS[data.pair];
  const [allRows, showAllRows] = useState(false);
  useEffect(
    () => (isOrdersLoaded && !allRows ? whenIdle(() => showAllRows(true)) : undefined),
    [isOrdersLoaded, allRows],
  );
  const shown = allRows ? BOOK_ROWS : FIRST_BOOK_ROWS;
  useSignalEffect(() => {
    const scale = data.depthScale.value;
    sides.current?.style.setProperty('--depth-scale', String(scale > 0 ? scale : 1));
  });
  const pick = (price: string) => {
    data.picked.value = { price, at: Date.now() };
  };
  return (
    <section className="trading-panel trading-book" aria-labelledby="book-title">
      <div className="panel-head">
        <h2 id="book-title">Order book</h2>
        <label className="book-step">
          <span>Group by</span>
          <select
            value={data.step.value}
            onChange={(event) => data.setStep(event.currentTarget.value)}
          >
            {groupingSteps(data.pair).map((step) => (
              <option key={step} value={step}>
                {step}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="book-pick-hint" className="visually-hidden">
        Uses this price in the order form.
      </p>
      <div className="book-columns" aria-hidden="true">
        <span>Price ({spec.quote})</span>
        <span>Amount ({spec.base})</span>
        <span>Total ({spec.base})</span>
      </div>
      {isOrdersLoaded ? null : <BookSkeleton />}
      {/* The rows come with the snapshot, not as empty rows in the page's first render. */}
      <div ref={sides} className="book-sides" hidden={!isOrdersLoaded} data-rows={BOOK_ROWS}>
        {isOrdersLoaded ? (
          <>
            <BookSide data={data} side="asks" shown={shown} onPick={pick} />
            <LastPrice data={data} />
            <BookSide data={data} side="bids" shown={shown} onPick={pick} />
          </>
        ) : null}
      </div>
    </section>
  );
}
