/**
 * Publishing an offer: buy or sell, the crypto and the fiat, the price, how much in all, the
 * limits per trade, the payment methods, the payment window and the terms. The server checks
 * every rule and says what to change; a sell offer's amount goes into escrow at once.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  type CreateP2pOfferParams,
  call,
  type P2pCatalogue,
  type P2pOffer,
  type Ticker,
} from '../../../core/index.ts';

const EMPTY = { price: '', amount: '', minFiat: '', maxFiat: '', terms: '' };

export function PublishOfferForm({
  catalogue,
  onPublished,
}: {
  catalogue: P2pCatalogue;
  onPublished: (offer: P2pOffer) => void;
}) {
  const id = useId();
  const [side, setSide] = useState<'buy' | 'sell'>('sell');
  const [asset, setAsset] = useState<Ticker>('USDT');
  const [fiat, setFiat] = useState(catalogue.fiats[0] ?? 'USD');
  const [fields, setFields] = useState(EMPTY);
  const [methods, setMethods] = useState<string[]>([]);
  const [paymentWindow, setPaymentWindow] = useState(catalogue.paymentWindows[0] ?? 15);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((now) => ({ ...now, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError('');
    const offer: CreateP2pOfferParams = {
      side,
      asset,
      fiat,
      price: fields.price.trim(),
      amount: fields.amount.trim(),
      minFiat: fields.minFiat.trim(),
      maxFiat: fields.maxFiat.trim(),
      paymentMethods: methods,
      paymentWindowMinutes: paymentWindow,
      ...(fields.terms.trim() ? { terms: fields.terms.trim() } : {}),
    };
    const reply = await call('p2p.createOffer', offer);
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setFields(EMPTY);
    setMethods([]);
    onPublished(reply.offer);
  }

  return (
    <form className="settings-section" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`}>Publish an offer</h2>
      <div className="field">
        <label htmlFor={`${id}-side`}>I want to</label>
        <select
          id={`${id}-side`}
          value={side}
          onChange={(event) => setSide(event.target.value as 'buy' | 'sell')}
        >
          <option value="sell">Sell crypto</option>
          <option value="buy">Buy crypto</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-asset`}>Crypto</label>
        <select
          id={`${id}-asset`}
          value={asset}
          onChange={(event) => setAsset(event.target.value as Ticker)}
        >
          {catalogue.assets.map((ticker) => (
            <option key={ticker}>{ticker}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-fiat`}>Fiat</label>
        <select id={`${id}-fiat`} value={fiat} onChange={(event) => setFiat(event.target.value)}>
          {catalogue.fiats.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-price`}>
          Price ({fiat} per {asset})
        </label>
        <input inputMode="decimal" autoComplete="off" {...field('price')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount in all ({asset})</label>
        <input inputMode="decimal" autoComplete="off" {...field('amount')} />
        {side === 'sell' && (
          <p className="field-hint">Held in escrow from your balance while the offer is active.</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-minFiat`}>Least per trade ({fiat})</label>
        <input inputMode="decimal" autoComplete="off" {...field('minFiat')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-maxFiat`}>Most per trade ({fiat})</label>
        <input inputMode="decimal" autoComplete="off" {...field('maxFiat')} />
      </div>
      <fieldset className="field">
        <legend>Payment methods (up to 5)</legend>
        {catalogue.paymentMethods.map((method) => (
          <label key={method.id} className="checkbox">
            <input
              type="checkbox"
              checked={methods.includes(method.id)}
              onChange={(event) =>
                setMethods((now) =>
                  event.target.checked
                    ? [...now, method.id]
                    : now.filter((chosen) => chosen !== method.id),
                )
              }
            />{' '}
            {method.name}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-window`}>Time to pay</label>
        <select
          id={`${id}-window`}
          value={paymentWindow}
          onChange={(event) => setPaymentWindow(Number(event.target.value))}
        >
          {catalogue.paymentWindows.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-terms`}>Terms (optional)</label>
        <textarea rows={3} {...field('terms')} />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Publishing…' : 'Publish the offer'}
      </button>
    </form>
  );
}
