/** The publish-offer form's state: the choices made, the fields typed, and sending them. */
import { type FormEvent, useId, useState } from 'react';
import {
  type CreateP2pOfferParams,
  call,
  type P2pCatalogue,
  type P2pOffer,
  type Ticker,
} from '../../../core/index.ts';
import { useReferencePrice } from './useReferencePrice.ts';

const EMPTY = { price: '', margin: '', amount: '', minFiat: '', maxFiat: '', terms: '' };

/** The form's typed fields, by name. */
export type OfferFieldName = keyof typeof EMPTY;

/** How an offer is priced: a fixed price, or a margin over the market. */
export type OfferPricing = 'fixed' | 'margin';

/** State, setters and submit for publishing an offer; `onPublished` gets the offer made. */
export function usePublishOffer(catalogue: P2pCatalogue, onPublished: (offer: P2pOffer) => void) {
  const id = useId();
  const [side, setSide] = useState<'buy' | 'sell'>('sell');
  const [asset, setAsset] = useState<Ticker>('USDT');
  const [fiat, setFiat] = useState(catalogue.fiats[0] ?? 'USD');
  const [fields, setFields] = useState(EMPTY);
  const [methods, setMethods] = useState<string[]>([]);
  const [paymentWindow, setPaymentWindow] = useState(catalogue.paymentWindows[0] ?? 15);
  const [pricing, setPricing] = useState<OfferPricing>('fixed');
  const reference = useReferencePrice(asset, fiat, pricing === 'margin');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  /** The id, value and change handler of one typed field. */
  const field = (name: OfferFieldName) => ({
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

  return {
    id,
    side,
    setSide,
    asset,
    setAsset,
    fiat,
    setFiat,
    pricing,
    setPricing,
    fields,
    field,
    methods,
    setMethods,
    paymentWindow,
    setPaymentWindow,
    reference,
    error,
    pending,
    submit,
  };
}

/** What the publish-offer form's sections read and change. */
export type OfferForm = ReturnType<typeof usePublishOffer>;
