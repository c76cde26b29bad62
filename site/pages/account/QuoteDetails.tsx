/** The swap form's quote, as the person checks it before swapping. */
import { formatAmount, QUOTE, type SwapQuote } from '../../../core/index.ts';

/** The quote: what arrives, the rate, fees, route and price impact, and its countdown. */
export function QuoteDetails({
  quote,
  loading,
  secondsLeft,
  titleId,
}: {
  quote: SwapQuote | null;
  loading: boolean;
  secondsLeft: number;
  titleId: string;
}) {
  return (
    <section className="swap-quote" aria-labelledby={titleId} aria-busy={loading}>
      <h3 id={titleId} className="visually-hidden">
        Quote
      </h3>
      {/* One polite announcement per quote, not one per tick of the countdown. */}
      <p className="visually-hidden" aria-live="polite">
        {quote && !loading
          ? `You receive ${formatAmount(quote.received)} ${quote.to} for ${formatAmount(quote.amount)} ${quote.from}.`
          : ''}
      </p>
      {quote === null ? (
        <p className="field-hint">
          {loading ? 'Getting a price…' : 'Enter an amount to see a price.'}
        </p>
      ) : (
        <dl className={loading ? 'swap-quote-list stale' : 'swap-quote-list'}>
          <dt>You receive</dt>
          <dd className="number swap-receive" data-testid="quote-received">
            {formatAmount(quote.received)} {quote.to}
          </dd>
          <dt>Rate</dt>
          <dd className="number">
            1 {quote.from} = {formatAmount(quote.rate)} {quote.to}
          </dd>
          <dt>Fee</dt>
          <dd className="number">
            {quote.legs.map((leg) => `${formatAmount(leg.fee)} ${leg.feeTicker}`).join(' + ')}
          </dd>
          <dt>Route</dt>
          <dd>{quote.route.join(' → ')}</dd>
          <dt>Price impact</dt>
          <dd className={Number(quote.priceImpact) >= 1 ? 'number swap-impact-high' : 'number'}>
            {quote.priceImpact}%
          </dd>
          {quote.remainder !== '0' && (
            <>
              <dt>{quote.from === QUOTE ? 'Unspent USDT' : 'Left in USDT'}</dt>
              <dd className="number">{formatAmount(quote.remainder)} USDT</dd>
            </>
          )}
          <dt>Price firm for</dt>
          <dd className="number" data-testid="quote-countdown">
            {secondsLeft > 0 ? `${secondsLeft} s` : 'updating…'}
          </dd>
        </dl>
      )}
    </section>
  );
}
