/** The form that sets what one USDT is worth in a fiat. */
import type { FiatRates } from './useFiatRates.ts';

/** The fiat select and the rate field; `id` prefixes their ids. */
export function SetFiatRateForm({ id, rates }: { id: string; rates: FiatRates }) {
  const { fiat } = rates;
  return (
    <form onSubmit={rates.save} aria-label="Set a reference rate" noValidate>
      <div className="field">
        <label htmlFor={`${id}-fiat`}>Fiat</label>
        <select
          id={`${id}-fiat`}
          value={fiat}
          onChange={(event) => rates.setFiat(event.target.value)}
        >
          {rates.fiats.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rate`}>1 USDT in {fiat}</label>
        <input
          id={`${id}-rate`}
          inputMode="decimal"
          autoComplete="off"
          value={rates.perUsdt}
          onChange={(event) => rates.setPerUsdt(event.target.value)}
        />
      </div>
      {rates.error && (
        <p className="form-error" role="alert">
          {rates.error}
        </p>
      )}
      <p role="status">{rates.notice}</p>
      <button type="submit" className="button" disabled={rates.pending}>
        Set the rate
      </button>
    </form>
  );
}
