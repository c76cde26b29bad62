/** How the offer is priced: a fixed price, or a margin over the market with what it makes now. */
import { referenceHint } from './referenceHint.ts';
import type { OfferForm, OfferPricing } from './usePublishOffer.ts';

/** The pricing select and, after it, the price or the margin field. */
export function OfferPriceFields({ form }: { form: OfferForm }) {
  const { id, fiat, asset } = form;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-pricing`}>Pricing</label>
        <select
          id={`${id}-pricing`}
          value={form.pricing}
          onChange={(event) => form.setPricing(event.target.value as OfferPricing)}
        >
          <option value="fixed">A fixed price</option>
          <option value="margin">A margin over the market</option>
        </select>
      </div>
      {form.pricing === 'fixed' ? (
        <div className="field">
          <label htmlFor={`${id}-price`}>
            Price ({fiat} per {asset})
          </label>
          <input inputMode="decimal" autoComplete="off" {...form.field('price')} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-margin`}>Margin over the market (%)</label>
          <input
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={`${id}-reference`}
            {...form.field('margin')}
          />
          <p className="field-hint" id={`${id}-reference`} aria-live="polite">
            {referenceHint(form.reference, form.fields.margin, fiat, asset)}
          </p>
        </div>
      )}
    </>
  );
}
