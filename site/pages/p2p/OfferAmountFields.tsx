/** How much the offer moves in all, and the least and most per trade. */
import type { OfferForm } from './usePublishOffer.ts';

/** The amount and per-trade limit fields of the publish-offer form. */
export function OfferAmountFields({ form }: { form: OfferForm }) {
  const { id, fiat } = form;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount in all ({form.asset})</label>
        <input inputMode="decimal" autoComplete="off" {...form.field('amount')} />
        {form.side === 'sell' && (
          <p className="field-hint">Held in escrow from your balance while the offer is active.</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-minFiat`}>Least per trade ({fiat})</label>
        <input inputMode="decimal" autoComplete="off" {...form.field('minFiat')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-maxFiat`}>Most per trade ({fiat})</label>
        <input inputMode="decimal" autoComplete="off" {...form.field('maxFiat')} />
      </div>
    </>
  );
}
