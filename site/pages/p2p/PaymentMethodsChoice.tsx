/** The payment methods an offer accepts, one checkbox each. */
import type { P2pCatalogue } from '../../../core/index.ts';
import type { OfferForm } from './usePublishOffer.ts';

/** The fieldset of payment method checkboxes; ticking adds a method, unticking drops it. */
export function PaymentMethodsChoice({
  form,
  catalogue,
}: {
  form: OfferForm;
  catalogue: P2pCatalogue;
}) {
  return (
    <fieldset className="field">
      <legend>Payment methods (up to 5)</legend>
      {catalogue.paymentMethods.map((method) => (
        <label key={method.id} className="checkbox">
          <input
            type="checkbox"
            checked={form.methods.includes(method.id)}
            onChange={(event) =>
              form.setMethods((now) =>
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
  );
}
