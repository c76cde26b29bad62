/** The buy form's live quote: the rate, the disclosed fee, the card charge and what arrives. */
import {
  type CardQuote,
  formatAmount,
  formatPrice,
  formatShare,
  formatUsdValue,
} from '../../../core/index.ts';
import type { Quoted } from './useCardQuote.ts';

/** One unit of the quote's asset in USD, at the pair's tick. */
function rateText(quote: CardQuote): string {
  return quote.asset === 'USDT' ? '$1.00' : `$${formatPrice(`${quote.asset}_USDT`, quote.rate)}`;
}

/** The quote's figures and limits, or why there is no quote (its id lets the amount name it). */
export function BuyQuote({ quoted, errorId }: { quoted: Quoted; errorId: string }) {
  const quote = quoted.state === 'ready' ? quoted.quote : null;
  return (
    <div className="buy-quote" aria-live="polite" data-testid="buy-quote">
      {quoted.state === 'error' && (
        <p className="field-error" id={errorId}>
          {quoted.message}
        </p>
      )}
      {quote !== null && (
        <dl>
          <dt>Rate</dt>
          <dd className="number">
            1 {quote.asset} = {rateText(quote)}
          </dd>
          <dt>
            Provider fee ({formatShare(quote.feeRate)} + {formatUsdValue(quote.feeFixed)})
          </dt>
          <dd className="number">{formatUsdValue(quote.fee)}</dd>
          <dt>Card is charged</dt>
          <dd className="number" data-testid="quote-total">
            {formatUsdValue(quote.total)}
          </dd>
          <dt>You receive</dt>
          <dd className="number" data-testid="quote-amount">
            {formatAmount(quote.amount)} {quote.asset}
          </dd>
        </dl>
      )}
      {quote?.testMode && (
        <p className="buy-test-mode" role="note">
          <strong>Test mode.</strong> This exchange's card payments go to a built-in test provider:
          no card is charged, and its payment page takes only published test card numbers.
        </p>
      )}
      {quote !== null && (
        <p className="field-hint">
          Card purchases from {formatUsdValue(quote.minUsd)} to {formatUsdValue(quote.maxUsd)}. The
          rate is locked when you continue; a purchase not paid within {quote.paymentMinutes}{' '}
          minutes expires.
        </p>
      )}
    </div>
  );
}
