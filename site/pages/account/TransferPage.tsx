/**
 * `/account/transfer`: send an amount to another account holder by email or username, with an
 * optional note. The person reviews what will move before confirming; the confirmation carries
 * one idempotency key, so trying again after a lost answer never sends twice.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import {
  call,
  formatAmount,
  formatLocalDateTime,
  type HistoryEntry,
  type Ticker,
  TRANSFER_NOTE_MAX,
  type Transfer,
} from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import {
  newIdempotencyKey,
  type TransferErrors,
  type TransferFields,
  validateTransfer,
} from './transferForm.ts';
import { useAccountWallets } from './useAccountWallets.ts';

type Step =
  | { name: 'edit' }
  | { name: 'review'; key: string; pending: boolean; error: string }
  | { name: 'sent'; transfer: Transfer };

const EMPTY: TransferFields = { to: '', amount: '', note: '' };

/** The transfer page. */
export default function TransferPage() {
  const id = useId();
  const { load } = useAccountWallets();
  const wallets = load.state === 'ready' ? load.wallets : null;
  const loadError = load.state === 'error' ? load.message : '';
  const [ticker, setTicker] = useState<Ticker>('USDT');
  const [fields, setFields] = useState<TransferFields>(EMPTY);
  const [errors, setErrors] = useState<TransferErrors>({});
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [recent, setRecent] = useState<HistoryEntry[]>([]);

  const refresh = useCallback(async () => {
    const history = await call('wallet.getHistory', { kind: 'transfer', limit: 10 });
    if (history.status) setRecent(history.entries);
  }, []);

  // The wallets come live from the account's stream; a transfer in refreshes the list too.
  const walletsShown = wallets?.map((w) => `${w.ticker}:${w.available}`).join() ?? '';
  useEffect(() => {
    if (walletsShown !== '') void refresh();
  }, [refresh, walletsShown]);

  const available = wallets?.find((w) => w.ticker === ticker)?.available ?? '0';

  function review(event: FormEvent) {
    event.preventDefault();
    const found = validateTransfer(fields, available, TRANSFER_NOTE_MAX);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setStep({ name: 'review', key: newIdempotencyKey(), pending: false, error: '' });
    }
  }

  async function confirm(key: string) {
    setStep({ name: 'review', key, pending: true, error: '' });
    const note = fields.note.trim();
    const reply = await call('transfers.send', {
      to: fields.to.trim(),
      ticker,
      amount: fields.amount.trim(),
      idempotencyKey: key,
      ...(note ? { note } : {}),
    });
    if (reply.status) {
      setStep({ name: 'sent', transfer: reply.transfer });
      setFields(EMPTY);
      void refresh();
    } else {
      setStep({ name: 'review', key, pending: false, error: reply.error_msg });
    }
  }

  if (wallets === null) {
    return loadError ? (
      <div className="page account">
        <h1>Transfer</h1>
        <p className="error-box" role="alert">
          {loadError}
        </p>
      </div>
    ) : (
      <Loader label="Loading your wallets" />
    );
  }

  return (
    <section className="page account transfer" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Transfer to another user</h1>
      <p className="account-summary">
        Free and instant between accounts of this exchange. The recipient sees your username and
        your note.
      </p>
      {step.name === 'edit' && (
        <form className="sign-form" onSubmit={review} noValidate>
          <div className="field">
            <label htmlFor={`${id}-to`}>Recipient's email or username</label>
            <input
              id={`${id}-to`}
              name="to"
              autoComplete="off"
              value={fields.to}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? `${id}-to-error` : undefined}
              onChange={(event) => setFields({ ...fields, to: event.target.value })}
            />
            {errors.to && (
              <p className="field-error" id={`${id}-to-error`}>
                {errors.to}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-asset`}>Asset</label>
            <select
              id={`${id}-asset`}
              value={ticker}
              onChange={(event) => setTicker(event.target.value as Ticker)}
            >
              {wallets.map((wallet) => (
                <option key={wallet.ticker} value={wallet.ticker}>
                  {wallet.ticker} — {formatAmount(wallet.available)} available
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount ({ticker})</label>
            <div className="field-row">
              <input
                id={`${id}-amount`}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={fields.amount}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`${id}-amount-hint${errors.amount ? ` ${id}-amount-error` : ''}`}
                onChange={(event) => setFields({ ...fields, amount: event.target.value })}
              />
              <button
                type="button"
                className="button secondary"
                onClick={() => setFields({ ...fields, amount: available })}
              >
                Max
              </button>
            </div>
            <p className="field-hint" id={`${id}-amount-hint`}>
              Available: {available} {ticker}
            </p>
            {errors.amount && (
              <p className="field-error" id={`${id}-amount-error`}>
                {errors.amount}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-note`}>Note (optional)</label>
            <textarea
              id={`${id}-note`}
              name="note"
              rows={2}
              maxLength={TRANSFER_NOTE_MAX}
              value={fields.note}
              aria-invalid={errors.note ? true : undefined}
              onChange={(event) => setFields({ ...fields, note: event.target.value })}
            />
            {errors.note && <p className="field-error">{errors.note}</p>}
          </div>
          <button type="submit" className="button">
            Review transfer
          </button>
        </form>
      )}
      {step.name === 'review' && (
        <div className="transfer-review" aria-live="polite">
          <h2>Check before you send</h2>
          <dl>
            <dt>To</dt>
            <dd>{fields.to.trim()}</dd>
            <dt>Amount</dt>
            <dd data-testid="review-amount">
              {fields.amount.trim()} {ticker}
            </dd>
            <dt>Fee</dt>
            <dd>None</dd>
            {fields.note.trim() && (
              <>
                <dt>Note</dt>
                <dd>{fields.note.trim()}</dd>
              </>
            )}
          </dl>
          {step.error && (
            <p className="form-error" role="alert">
              {step.error}
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={step.pending}
              onClick={() => void confirm(step.key)}
            >
              {step.pending ? 'Sending…' : step.error ? 'Try again' : 'Confirm transfer'}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={step.pending}
              onClick={() => setStep({ name: 'edit' })}
            >
              Change
            </button>
          </div>
        </div>
      )}
      {step.name === 'sent' && (
        <div className="transfer-done" role="status">
          <p>
            Sent {formatAmount(step.transfer.amount)} {step.transfer.ticker} to{' '}
            {step.transfer.counterparty}.
          </p>
          <button type="button" className="button" onClick={() => setStep({ name: 'edit' })}>
            Send another
          </button>
        </div>
      )}
      <RecentTransfers entries={recent} />
    </section>
  );
}

/** The account's latest transfers, both ways. */
function RecentTransfers({ entries }: { entries: readonly HistoryEntry[] }) {
  return (
    <section className="transfer-recent" aria-label="Recent transfers">
      <h2>Recent transfers</h2>
      {entries.length === 0 ? (
        <p className="account-summary">No transfers yet.</p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.id} data-testid="recent-transfer">
              <span className="number">
                {entry.available.startsWith('-') ? '' : '+'}
                {formatAmount(entry.available)} {entry.ticker}
              </span>{' '}
              {entry.transfer?.direction === 'in' ? 'from' : 'to'} {entry.transfer?.counterparty}
              {entry.transfer?.note ? ` — ${entry.transfer.note}` : ''}{' '}
              <time dateTime={entry.createdAt}>{formatLocalDateTime(entry.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
