/**
 * The Dashboard's reference rates for P2P: what one USDT is worth in each listed fiat, with when
 * it was last set, and a form to set one. Every margin offer in that fiat is priced from it at
 * once; a fiat without a rate takes fixed prices only.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { call, formatAmount, formatLocalDateTime, type P2pFiatRate } from '../../../core/index.ts';

export function FiatRatesSection() {
  const id = useId();
  const [fiats, setFiats] = useState<string[]>([]);
  const [rates, setRates] = useState<P2pFiatRate[] | null>(null);
  const [fiat, setFiat] = useState('');
  const [perUsdt, setPerUsdt] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    void Promise.all([call('p2p.getCatalogue', {}), call('p2p.getFiatRates', {})]).then(
      ([catalogue, listed]) => {
        if (catalogue.status) {
          setFiats(catalogue.fiats);
          setFiat((now) => now || (catalogue.fiats[0] ?? ''));
        }
        if (listed.status) setRates(listed.rates);
        else setError(listed.error_msg);
      },
    );
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError('');
    setNotice('');
    const reply = await call('p2p.setFiatRate', { fiat, perUsdt: perUsdt.trim() });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setRates(reply.rates);
    setNotice(`1 USDT is now ${formatAmount(perUsdt.trim())} ${fiat}; its margin offers follow.`);
    setPerUsdt('');
  }

  const rateOf = (code: string) => rates?.find((rate) => rate.fiat === code);
  return (
    <section aria-labelledby={`${id}-title`} className="admin-rates">
      <h2 id={`${id}-title`}>Reference rates</h2>
      <p className="account-summary">
        Margin offers are priced from the spot market’s last USDT price times these rates.
      </p>
      <table aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">Fiat</th>
            <th scope="col">1 USDT is</th>
            <th scope="col">Set</th>
          </tr>
        </thead>
        <tbody>
          {fiats.map((code) => {
            const rate = rateOf(code);
            return (
              <tr key={code} data-testid="fiat-rate">
                <th scope="row">{code}</th>
                <td className="number">
                  {rate ? `${formatAmount(rate.perUsdt)} ${code}` : 'No rate'}
                </td>
                <td>
                  {rate && (
                    <time dateTime={rate.updatedAt}>{formatLocalDateTime(rate.updatedAt)}</time>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form onSubmit={save} aria-label="Set a reference rate" noValidate>
        <div className="field">
          <label htmlFor={`${id}-fiat`}>Fiat</label>
          <select id={`${id}-fiat`} value={fiat} onChange={(event) => setFiat(event.target.value)}>
            {fiats.map((code) => (
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
            value={perUsdt}
            onChange={(event) => setPerUsdt(event.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p role="status">{notice}</p>
        <button type="submit" className="button" disabled={pending}>
          Set the rate
        </button>
      </form>
    </section>
  );
}
