/**
 * The order form of a signed-in account: buy or sell; limit, market or stop-limit; sized by
 * amount or total, or by a share of the available balance; the fee before placing; every problem
 * named next to its field (core's unit rules, the minimum value, the balance) and the server's
 * own answer when it refuses. Loaded only once someone is signed in.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  call,
  formatAmount,
  formatPairAmount,
  formatPrice,
  PAIRS,
  type PairSymbol,
} from '../../../core/index.ts';
import {
  type Available,
  allowsTotal,
  amountForTotal,
  checkDraft,
  type DraftField,
  emptyDraft,
  type FeeRates,
  type FormOrderType,
  hasPrice,
  type OrderDraft,
  previewFee,
  shareOfBalance,
  totalFor,
} from './orderDraft.ts';

const TYPES: readonly { type: FormOrderType; label: string }[] = [
  { type: 'limit', label: 'Limit' },
  { type: 'market', label: 'Market' },
  { type: 'stopLimit', label: 'Stop-limit' },
];

const SHARES = [25, 50, 75, 100] as const;

function Field({
  id,
  label,
  unit,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="order-field">
      <label htmlFor={id}>{label}</label>
      <div className="order-input">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? `${id}-unit` : `${id}-unit ${id}-error`}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <span id={`${id}-unit`} className="order-unit">
          {unit}
        </span>
      </div>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form itself, for a signed-in account; pure inputs so tests can drive it. */
export function OrderTicket({
  pair,
  available,
  fees,
  pickedPrice,
  onPlaced,
}: {
  pair: PairSymbol;
  available: Available;
  fees: FeeRates | null;
  /** A price chosen in the book; `at` tells a second pick of the same price apart. */
  pickedPrice: { price: string; at: number } | null;
  onPlaced?(message: string): void;
}) {
  const spec = PAIRS[pair];
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft());
  const [showErrors, setShowErrors] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [placing, setPlacing] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    if (pickedPrice === null) return;
    setDraft((previous) => ({
      ...previous,
      type: previous.type === 'market' ? 'limit' : previous.type,
      price: pickedPrice.price,
    }));
  }, [pickedPrice]);

  const update = (change: Partial<OrderDraft>) => {
    setDraft((previous) => ({ ...previous, ...change }));
    setServerError(null);
    setFormMessage(null);
  };
  const check = checkDraft(pair, draft, available);
  const errors: Partial<Record<DraftField, string>> = showErrors && !check.ok ? check.errors : {};
  const byTotal = draft.by === 'total' && allowsTotal(draft);
  const spends = draft.side === 'buy' ? spec.quote : spec.base;
  const have = draft.side === 'buy' ? available.quote : available.base;
  const fee = fees === null ? null : previewFee(pair, draft, fees);

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
    const clientOrderId = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const reply = await call('orders.place', { ...check.params, clientOrderId }).catch(() => null);
    setPlacing(false);
    if (reply === null) {
      setServerError('The order could not be sent. Check your connection and try again.');
      return;
    }
    if (!reply.status) {
      setServerError(reply.error_msg);
      return;
    }
    const { order } = reply;
    const what =
      order.amount === null
        ? `${formatAmount(order.total ?? '0')} ${spec.quote} of ${spec.base}`
        : `${formatPairAmount(pair, order.amount)} ${spec.base}`;
    const where =
      order.price === null ? 'at market' : `at ${formatPrice(pair, order.price)} ${spec.quote}`;
    const message = `Order placed: ${order.side} ${what} ${where}.`;
    setStatus(message);
    onPlaced?.(message);
    setShowErrors(false);
    setDraft((previous) => ({ ...previous, amount: '', total: '' }));
  };

  const derived = (() => {
    if (!hasPrice(draft.type)) return null;
    if (byTotal) {
      const amount = amountForTotal(pair, draft.total.trim(), draft.price.trim());
      return amount === null ? null : `Amount ≈ ${formatPairAmount(pair, amount)} ${spec.base}`;
    }
    const total = totalFor(draft.price.trim(), draft.amount.trim());
    return total === null ? null : `Total ≈ ${formatAmount(total)} ${spec.quote}`;
  })();

  return (
    <form
      ref={form}
      className="order-form"
      noValidate
      onSubmit={submit}
      aria-label="Place an order"
    >
      <fieldset className="order-sides">
        <legend className="visually-hidden">Side</legend>
        {(['buy', 'sell'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`order-side order-side-${side}`}
            aria-pressed={draft.side === side}
            onClick={() => update({ side })}
          >
            {side === 'buy' ? 'Buy' : 'Sell'}
          </button>
        ))}
      </fieldset>
      <fieldset className="order-types">
        <legend className="visually-hidden">Order type</legend>
        {TYPES.map(({ type, label }) => (
          <label key={type}>
            <input
              type="radio"
              name={`${id}-type`}
              checked={draft.type === type}
              onChange={() => update({ type })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p className="order-available" data-testid="order-available">
        Available:{' '}
        <strong>
          {have === null ? '—' : formatAmount(have)} {spends}
        </strong>
      </p>
      {draft.type === 'stopLimit' ? (
        <Field
          id={`${id}-stop`}
          label="Stop price"
          unit={spec.quote}
          value={draft.stopPrice}
          error={errors.stopPrice}
          onChange={(stopPrice) => update({ stopPrice })}
        />
      ) : null}
      {hasPrice(draft.type) ? (
        <Field
          id={`${id}-price`}
          label="Price"
          unit={spec.quote}
          value={draft.price}
          error={errors.price}
          onChange={(price) => update({ price })}
        />
      ) : (
        <p className="order-market-price">Price: the best in the book</p>
      )}
      {allowsTotal(draft) ? (
        <fieldset className="order-size-mode">
          <legend>Size by</legend>
          <label>
            <input
              type="radio"
              name={`${id}-by`}
              checked={!byTotal}
              onChange={() => update({ by: 'amount' })}
            />
            Amount ({spec.base})
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-by`}
              checked={byTotal}
              onChange={() => update({ by: 'total' })}
            />
            Total ({spec.quote})
          </label>
        </fieldset>
      ) : null}
      {byTotal ? (
        <Field
          id={`${id}-total`}
          label="Total"
          unit={spec.quote}
          value={draft.total}
          error={errors.total}
          onChange={(total) => update({ total })}
        />
      ) : (
        <Field
          id={`${id}-amount`}
          label="Amount"
          unit={spec.base}
          value={draft.amount}
          error={errors.amount}
          onChange={(amount) => update({ amount })}
        />
      )}
      <fieldset className="order-shares">
        <legend className="visually-hidden">Share of your available {spends}</legend>
        {SHARES.map((percent) => (
          <button
            key={percent}
            type="button"
            aria-label={`${percent}% of available ${spends}`}
            onClick={() => share(percent)}
          >
            {percent}%
          </button>
        ))}
      </fieldset>
      {formMessage === null ? null : <p className="field-error">{formMessage}</p>}
      {derived === null ? null : (
        <p className="order-derived" data-testid="order-derived">
          {derived}
        </p>
      )}
      {fee === null ? null : (
        <p className="order-fee" data-testid="order-fee">
          Fee: {fee.percent} % ({fee.role})
          {fee.amount === null
            ? `, paid in ${fee.ticker}`
            : `, up to ${formatAmount(fee.amount)} ${fee.ticker}`}
        </p>
      )}
      {errors.form === undefined ? null : <p className="field-error">{errors.form}</p>}
      {serverError === null ? null : (
        <p role="alert" className="field-error" data-testid="order-server-error">
          {serverError}
        </p>
      )}
      <button
        type="submit"
        className={`button order-submit order-submit-${draft.side}`}
        disabled={placing}
      >
        {placing ? 'Placing…' : `${draft.side === 'buy' ? 'Buy' : 'Sell'} ${spec.base}`}
      </button>
      <p role="status" className="order-status">
        {status}
      </p>
    </form>
  );
}

export default OrderTicket;
