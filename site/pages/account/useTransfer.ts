/**
 * The transfer form's state and its three steps: edit, review (one idempotency key per
 * confirmation, so trying again after a lost answer never sends twice) and sent.
 */
import { type FormEvent, useState } from 'react';
import { call, type Ticker, TRANSFER_NOTE_MAX, type Transfer } from '../../../core/index.ts';
import type { ReviewState } from './ReviewActions.tsx';
import {
  newIdempotencyKey,
  type TransferErrors,
  type TransferFields,
  validateTransfer,
} from './transferForm.ts';

/** Where the transfer stands. */
export type TransferStep =
  | { name: 'edit' }
  | ({ name: 'review' } & ReviewState)
  | { name: 'sent'; transfer: Transfer };

const EMPTY: TransferFields = { to: '', amount: '', note: '' };

/** The form's fields, messages and step for `ticker`; `onSent` hears each transfer. */
export function useTransfer(ticker: Ticker, available: string, onSent: () => void) {
  const [fields, setFields] = useState<TransferFields>(EMPTY);
  const [errors, setErrors] = useState<TransferErrors>({});
  const [step, setStep] = useState<TransferStep>({ name: 'edit' });

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
      onSent();
    } else {
      setStep({ name: 'review', key, pending: false, error: reply.error_msg });
    }
  }

  const set = (patch: Partial<TransferFields>) => setFields({ ...fields, ...patch });
  const edit = () => setStep({ name: 'edit' });
  return { fields, set, errors, step, review, confirm, edit };
}

/** What `useTransfer` hands the page. */
export type TransferHandle = ReturnType<typeof useTransfer>;
