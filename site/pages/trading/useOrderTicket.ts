/**
 * The order ticket's state: the draft as typed, its problems (shown once a submit was tried),
 * the messages about the form and the server's answer, and the actions that change them.
 */
import {
  type Dispatch,
  type FormEvent,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { PairSymbol } from '../../../core/index.ts';
import {
  type Available,
  checkDraft,
  type DraftField,
  emptyDraft,
  type OrderDraft,
  shareOfBalance,
} from './orderDraft.ts';
import { placeOrder } from './placeOrder.ts';

/** A price chosen in the book; `at` tells a second pick of the same price apart. */
export interface PickedPrice {
  price: string;
  at: number;
}

/** The draft and messages of one ticket, with `update`, `share` and `submit` to change them. */
export function useOrderTicket({
  pair,
  available,
  pickedPrice,
  onPlaced,
}: {
  pair: PairSymbol;
  available: Available;
  pickedPrice: PickedPrice | null;
  onPlaced?: ((message: string) => void) | undefined;
}) {
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft());
  const [showErrors, setShowErrors] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [placing, setPlacing] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useTakePickedPrice(pickedPrice, setDraft);

  const update = (change: Partial<OrderDraft>) => {
    setDraft((previous) => ({ ...previous, ...change }));
    setServerError(null);
    setFormMessage(null);
  };
  const check = checkDraft(pair, draft, available);
  const errors: Partial<Record<DraftField, string>> = showErrors && !check.ok ? check.errors : {};

  const share = (percent: number) => {
    const result = shareOfBalance(pair, draft, available, percent);
    if (result.field === 'form') {
      setFormMessage(result.message);
      return;
    }
    update(
      result.field === 'total'
        ? { by: 'total', total: result.value }
        : { by: 'amount', amount: result.value },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing) return;
    if (!check.ok) {
      setShowErrors(true);
      // Focus the first field that needs attention, so a keyboard or screen reader user lands on it.
      requestAnimationFrame(() => {
        form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    setPlacing(true);
    setServerError(null);
    const outcome = await placeOrder(pair, check.params);
    setPlacing(false);
    if (!outcome.placed) {
      setServerError(outcome.error);
      return;
    }
    setStatus(outcome.message);
    onPlaced?.(outcome.message);
    setShowErrors(false);
    setDraft((previous) => ({ ...previous, amount: '', total: '' }));
  };

  return { form, draft, errors, formMessage, serverError, status, placing, update, share, submit };
}

// A price picked in the book becomes the draft's price; a market draft turns limit to take it.
function useTakePickedPrice(
  pickedPrice: PickedPrice | null,
  setDraft: Dispatch<SetStateAction<OrderDraft>>,
) {
  useEffect(() => {
    if (pickedPrice === null) return;
    setDraft((previous) => ({
      ...previous,
      type: previous.type === 'market' ? 'limit' : previous.type,
      price: pickedPrice.price,
    }));
  }, [pickedPrice, setDraft]);
}
