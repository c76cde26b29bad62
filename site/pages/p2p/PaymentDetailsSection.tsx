/**
 * The account's payment details, by method: where buyers pay when this account sells. Private:
 * a buyer sees them only within a trade under way. Saving empty details removes them.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { call, type P2pCatalogue } from '../../../core/index.ts';

export function PaymentDetailsSection({ catalogue }: { catalogue: P2pCatalogue }) {
  const id = useId();
  const [saved, setSaved] = useState<Record<string, string>>({});
  const [method, setMethod] = useState(catalogue.paymentMethods[0]?.id ?? '');
  // The method shown when the saved details arrive, which may have changed while they loaded.
  const methodNow = useRef(method);
  const [details, setDetails] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  // Until the saved details arrive the field stays read-only: they would replace what was typed.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    void call('p2p.getPaymentDetails', {}).then((reply) => {
      if (reply.status) {
        const byMethod = byMethodOf(reply.details);
        setSaved(byMethod);
        setDetails(byMethod[methodNow.current] ?? '');
      }
      setLoaded(true);
    });
  }, []);

  // The field shows a method's saved details as the method is chosen, in the same update: set in
  // a later effect, they replaced whatever was typed between the choice and the effect.
  function choose(next: string) {
    methodNow.current = next;
    setMethod(next);
    setDetails(saved[next] ?? '');
  }

  const name = (methodId: string) =>
    catalogue.paymentMethods.find((listed) => listed.id === methodId)?.name ?? methodId;

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    const reply = await call('p2p.setPaymentDetails', { paymentMethod: method, details });
    setPending(false);
    if (!reply.status) {
      setAnswer({ ok: false, text: reply.error_msg });
      return;
    }
    const byMethod = byMethodOf(reply.details);
    setSaved(byMethod);
    setDetails(byMethod[method] ?? '');
    setAnswer({
      ok: true,
      text: details.trim() ? `${name(method)} details saved.` : `${name(method)} details removed.`,
    });
  }

  return (
    <form className="settings-section" aria-labelledby={`${id}-title`} onSubmit={save} noValidate>
      <h2 id={`${id}-title`}>Payment details</h2>
      <p>
        Where buyers pay you when you sell. Only the other side of a trade under way sees them.
        {Object.keys(saved).length > 0 && ` Saved for: ${Object.keys(saved).map(name).join(', ')}.`}
      </p>
      <div className="field">
        <label htmlFor={`${id}-method`}>Payment method</label>
        <select id={`${id}-method`} value={method} onChange={(event) => choose(event.target.value)}>
          {catalogue.paymentMethods.map((listed) => (
            <option key={listed.id} value={listed.id}>
              {listed.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-details`}>Details (account holder, IBAN, e-mail …)</label>
        <textarea
          id={`${id}-details`}
          rows={3}
          value={details}
          readOnly={!loaded}
          aria-busy={!loaded}
          onChange={(event) => setDetails(event.target.value)}
        />
      </div>
      {answer && <p role={answer.ok ? 'status' : 'alert'}>{answer.text}</p>}
      <button type="submit" className="button secondary" disabled={pending || !loaded}>
        Save the details
      </button>
    </form>
  );
}

function byMethodOf(list: { method: string; details: string }[]): Record<string, string> {
  return Object.fromEntries(list.map((saved) => [saved.method, saved.details]));
}
