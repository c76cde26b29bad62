/**
 * The withdrawal form's state and its three steps: edit, review (one idempotency key per
 * confirmation, so "Try again" never sends twice) and sent.
 */
import { type FormEvent, useState } from 'react';
import { type AddressBook, call, type Withdrawal } from '../../../core/index.ts';
import { addressAllowed } from './addressBook.ts';
import type { ReviewState } from './ReviewActions.tsx';
import { newIdempotencyKey } from './transferForm.ts';
import { validateWithdrawal, type WithdrawErrors, type WithdrawFields } from './withdrawForm.ts';
import type { WithdrawTarget } from './withdrawTarget.ts';

/** Where the withdrawal stands. */
export type WithdrawStep =
  | { name: 'edit' }
  | ({ name: 'review' } & ReviewState)
  | { name: 'sent'; withdrawal: Withdrawal };

const EMPTY: WithdrawFields = { address: '', tag: '', withoutTag: false, amount: '', code: '' };

/** The form's fields, messages and step, and what moves it on; `onSent` hears each request. */
export function useWithdrawal(
  target: WithdrawTarget,
  book: AddressBook | null,
  now: number,
  onSent: () => void,
) {
  const [fields, setFields] = useState<WithdrawFields>(EMPTY);
  const [errors, setErrors] = useState<WithdrawErrors>({});
  const [step, setStep] = useState<WithdrawStep>({ name: 'edit' });
  const { asset, info, terms } = target;

  function review(event: FormEvent) {
    event.preventDefault();
    // Only saved addresses allowed: one typed before the switch was turned on does not count.
    const allowed = addressAllowed(book, info?.network ?? '', fields.address, fields.tag, now);
    const found = validateWithdrawal(allowed ? fields : { ...fields, address: '' }, terms);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setStep({ name: 'review', key: newIdempotencyKey(), pending: false, error: '' });
    }
  }

  async function confirm(key: string) {
    if (!info) return;
    setStep({ name: 'review', key, pending: true, error: '' });
    const tag = fields.tag.trim();
    const reply = await call('withdrawals.request', {
      asset,
      network: info.network,
      address: fields.address.trim(),
      amount: fields.amount.trim(),
      idempotencyKey: key,
      ...(tag ? { tag } : {}),
      ...(terms.tagName !== null && !tag && fields.withoutTag ? { withoutTag: true } : {}),
      ...(terms.needsCode ? { code: fields.code.trim() } : {}),
    });
    if (reply.status) {
      setStep({ name: 'sent', withdrawal: reply.withdrawal });
      setFields(EMPTY);
      onSent();
    } else {
      setStep({ name: 'review', key, pending: false, error: reply.error_msg });
    }
  }

  const set = (patch: Partial<WithdrawFields>) => setFields({ ...fields, ...patch });
  const edit = () => setStep({ name: 'edit' });
  return { fields, set, errors, step, review, confirm, edit };
}

/** What `useWithdrawal` hands the page. */
export type WithdrawalHandle = ReturnType<typeof useWithdrawal>;
