/**
 * Opening a trade on an offer: the fiat amount within its limits; the server answers with the
 * exact crypto it buys (rounded down) and the trade, which the account page then shows.
 */
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { errorText } from '../../../core/errors/index.ts';
import { call, formatAmount, type P2pOffer } from '../../../core/index.ts';
import { offerPriceText } from './OfferTable.tsx';

export function OpenTradeForm({ offer, onClose }: { offer: P2pOffer; onClose: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [fiatAmount, setFiatAmount] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const verb = offer.side === 'sell' ? 'Buy' : 'Sell';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d+(\.\d{1,2})?$/.test(fiatAmount.trim())) {
      setError(errorText('trade.amountFormat', { fiat: offer.fiat }));
      return;
    }
    setError('');
    setPending(true);
    const reply = await call('p2p.openTrade', {
      offerId: offer.id,
      fiatAmount: fiatAmount.trim(),
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    navigate(`/account/p2p?trade=${reply.trade.id}`);
  }

  return (
    <form className="p2p-open" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`}>
        {verb} {offer.asset} from {offer.merchant.login}
      </h2>
      <p>
        {offerPriceText(offer)} per {offer.asset}; between {formatAmount(offer.minFiat)} and{' '}
        {formatAmount(offer.maxFiat)} {offer.fiat} a trade. The{' '}
        {offer.side === 'sell' ? 'seller’s' : 'your'} crypto waits in escrow until the payment is
        confirmed; the buyer pays a 0.1 % fee in crypto on release.
      </p>
      {offer.terms && <p className="p2p-terms">Terms: {offer.terms}</p>}
      <div className="field">
        <label htmlFor={`${id}-fiat`}>Amount ({offer.fiat})</label>
        <input
          id={`${id}-fiat`}
          inputMode="decimal"
          autoComplete="off"
          value={fiatAmount}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setFiatAmount(event.target.value)}
        />
      </div>
      {error && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Opening…' : `Open the trade`}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Back to the offers
        </button>
      </div>
    </form>
  );
}
