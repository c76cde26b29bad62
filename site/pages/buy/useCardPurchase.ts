/**
 * Continuing from the buy form: signed out, to sign in and back with the same choice; signed in,
 * locking the quote into a purchase and opening its payment page.
 */
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { call } from '../../../core/index.ts';
import { newIdempotencyKey } from '../account/transferForm.ts';
import { type BuyChoice, choiceQuery } from './buyChoice.ts';

/**
 * The form's submit handler, whether it is under way, the error to show, and `restart` for a
 * changed choice. One idempotency key per purchase the person confirms, so a retry never buys
 * twice.
 */
export function useCardPurchase(
  choice: BuyChoice,
  signedIn: boolean,
  onPay: (url: string) => void,
) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  // One key per purchase the person confirms; kept after a failure so "Try again" is a retry.
  const [key, setKey] = useState(newIdempotencyKey);

  // A changed choice is another purchase: the last error no longer applies, and it gets a new key.
  const restart = () => {
    setError('');
    setKey(newIdempotencyKey());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      navigate(`/signin?next=${encodeURIComponent(`/account/buy-crypto${choiceQuery(choice)}`)}`);
      return;
    }
    setPending(true);
    setError('');
    const amount = choice.amount.trim();
    const reply = await call('buy.create', {
      asset: choice.asset,
      ...(choice.mode === 'usd' ? { usdAmount: amount } : { amount }),
      idempotencyKey: key,
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setKey(newIdempotencyKey());
    if (reply.purchase.paymentUrl !== null) onPay(reply.purchase.paymentUrl);
    else setError('This purchase can no longer be paid. Continue again to start a new one.');
  }

  return { pending, error, submit, restart };
}
