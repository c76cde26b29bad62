/**
 * Publishing an offer: buy or sell, the crypto and the fiat, a fixed price or a margin over the
 * market (with the reference price and what the margin makes of it now), how much in all, the
 * limits per trade, the payment methods, the payment window and the terms. The server checks
 * every rule and says what to change; a sell offer's amount goes into escrow at once.
 */
import type { P2pCatalogue, P2pOffer } from '../../../core/index.ts';
import { OfferAmountFields } from './OfferAmountFields.tsx';
import { OfferMarketFields } from './OfferMarketFields.tsx';
import { OfferPriceFields } from './OfferPriceFields.tsx';
import { PaymentMethodsChoice } from './PaymentMethodsChoice.tsx';
import { usePublishOffer } from './usePublishOffer.ts';

/** The form that publishes a new offer; `onPublished` gets the offer the server made. */
export function PublishOfferForm({
  catalogue,
  onPublished,
}: {
  catalogue: P2pCatalogue;
  onPublished: (offer: P2pOffer) => void;
}) {
  const form = usePublishOffer(catalogue, onPublished);
  const { id } = form;
  return (
    <form
      className="settings-section"
      aria-labelledby={`${id}-title`}
      onSubmit={form.submit}
      noValidate
    >
      <h2 id={`${id}-title`}>Publish an offer</h2>
      <OfferMarketFields form={form} catalogue={catalogue} />
      <OfferPriceFields form={form} />
      <OfferAmountFields form={form} />
      <PaymentMethodsChoice form={form} catalogue={catalogue} />
      <div className="field">
        <label htmlFor={`${id}-window`}>Time to pay</label>
        <select
          id={`${id}-window`}
          value={form.paymentWindow}
          onChange={(event) => form.setPaymentWindow(Number(event.target.value))}
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
        <textarea rows={3} {...form.field('terms')} />
      </div>
      {form.error && (
        <p className="form-error" role="alert">
          {form.error}
        </p>
      )}
      <button type="submit" className="button" disabled={form.pending}>
        {form.pending ? 'Publishing…' : 'Publish the offer'}
      </button>
    </form>
  );
}
