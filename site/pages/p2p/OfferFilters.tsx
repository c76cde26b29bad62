/** The P2P market's filter form: buy or sell, the crypto, the fiat, a payment method, an amount. */
import { useId } from 'react';
import type { P2pCatalogue, Ticker } from '../../../core/index.ts';
import type { OfferFilter } from './offerFilter.ts';
import { WantToggle } from './WantToggle.tsx';

/** The filter form; each change is handed to `onChange` as it happens. */
export function OfferFilters({
  filter,
  catalogue,
  onChange,
}: {
  filter: OfferFilter;
  catalogue: P2pCatalogue | null;
  onChange: (change: Partial<OfferFilter>) => void;
}) {
  const id = useId();
  const { want, asset, fiat } = filter;
  return (
    <form
      className="p2p-filters"
      aria-label="Filter the offers"
      onSubmit={(e) => e.preventDefault()}
    >
      <WantToggle want={want} onChange={(choice) => onChange({ want: choice })} />
      <div className="field">
        <label htmlFor={`${id}-asset`}>Crypto</label>
        <select
          id={`${id}-asset`}
          value={asset}
          onChange={(event) => onChange({ asset: event.target.value as Ticker })}
        >
          {(catalogue?.assets ?? [asset]).map((ticker) => (
            <option key={ticker}>{ticker}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-fiat`}>Fiat</label>
        <select
          id={`${id}-fiat`}
          value={fiat}
          onChange={(event) => onChange({ fiat: event.target.value })}
        >
          {(catalogue?.fiats ?? [fiat]).map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-method`}>Payment method</label>
        <select
          id={`${id}-method`}
          value={filter.method}
          onChange={(event) => onChange({ method: event.target.value })}
        >
          <option value="">Any</option>
          {catalogue?.paymentMethods.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ({fiat})</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={filter.amount}
          onChange={(event) => onChange({ amount: event.target.value })}
        />
      </div>
    </form>
  );
}
