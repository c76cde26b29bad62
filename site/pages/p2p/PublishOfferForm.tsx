/**
 * Publishing an offer: buy or sell, the crypto and the fiat, a fixed price or a margin over the
 * market (with the reference price and what the margin makes of it now), how much in all, the
 * limits per trade, the payment methods, the payment window and the terms. The server checks
 * every rule and says what to change; a sell offer's amount goes into escrow at once.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type CreateP2pOfferParams,
  call,
  formatAmount,
  formatDecimal,
  marginPrice,
  type P2pCatalogue,
  type P2pOffer,
  parseDecimal,
  parseSigned,
  type Ticker,
} from '../../../core/index.ts';

const EMPTY = { price: '', margin: '', amount: '', minFiat: '', maxFiat: '', terms: '' };

/** The reference price of `asset` in `fiat` while `wanted`: undefined while it loads. */
function useReferencePrice(asset: Ticker, fiat: string, wanted: boolean) {
  const [reference, setReference] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    setReference(undefined);
    void call('p2p.getReferencePrice', { asset, fiat }).then((reply) => {
      if (current) setReference(reply.status ? reply.price : null);
    });
    return () => {
      current = false;
    };
  }, [asset, fiat, wanted]);
  return reference;
}

/** The hint under the margin: the market price and what the margin makes of it now. */
function referenceHint(
  reference: string | null | undefined,
  margin: string,
  fiat: string,
  asset: Ticker,
): string {
  if (reference === undefined) return 'Reading the market price…';
  if (reference === null) return `There is no reference rate for ${fiat} yet: use a fixed price.`;
  const market = `Market now: ${formatAmount(reference)} ${fiat} per ${asset}`;
  const base = parseDecimal(reference);
  const moved = parseSigned(margin);
  if (typeof base === 'string' || moved === null)
    return `${market}. Negative margins price under it.`;
  const price = marginPrice(base, moved);
  const priced = formatAmount(formatDecimal(price.units, price.decimals));
  return `${market}; your price now: ${priced} ${fiat}. It follows the market.`;
}

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
  const [pricing, setPricing] = useState<'fixed' | 'margin'>('fixed');
  const reference = useReferencePrice(asset, fiat, pricing === 'margin');
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
      ...(pricing === 'fixed' ? { price: fields.price.trim() } : { margin: fields.margin.trim() }),
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
        <label htmlFor={`${id}-pricing`}>Pricing</label>
        <select
          id={`${id}-pricing`}
          value={pricing}
          onChange={(event) => setPricing(event.target.value as 'fixed' | 'margin')}
        >
          <option value="fixed">A fixed price</option>
          <option value="margin">A margin over the market</option>
        </select>
      </div>
      {pricing === 'fixed' ? (
        <div className="field">
          <label htmlFor={`${id}-price`}>
            Price ({fiat} per {asset})
          </label>
          <input inputMode="decimal" autoComplete="off" {...field('price')} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-margin`}>Margin over the market (%)</label>
          <input
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={`${id}-reference`}
            {...field('margin')}
          />
          <p className="field-hint" id={`${id}-reference`} aria-live="polite">
            {referenceHint(reference, fields.margin, fiat, asset)}
          </p>
        </div>
      )}
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
