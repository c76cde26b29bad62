/**
 * The Dashboard's reference rates for P2P: what one USDT is worth in each listed fiat, with when
 * it was last set, and a form to set one. Every margin offer in that fiat is priced from it at
 * once; a fiat without a rate takes fixed prices only.
 */
import { useId } from 'react';
import { FiatRatesTable } from './FiatRatesTable.tsx';
import { SetFiatRateForm } from './SetFiatRateForm.tsx';
import { useFiatRates } from './useFiatRates.ts';

/** The reference rates section: the table of rates and the form that sets one. */
export function FiatRatesSection() {
  const id = useId();
  const rates = useFiatRates();
  return (
    <section aria-labelledby={`${id}-title`} className="admin-rates">
      <h2 id={`${id}-title`}>Reference rates</h2>
      <p className="account-summary">
        Margin offers are priced from the spot market’s last USDT price times these rates.
      </p>
      <FiatRatesTable titleId={`${id}-title`} fiats={rates.fiats} rates={rates.rates} />
      <SetFiatRateForm id={id} rates={rates} />
    </section>
  );
}
