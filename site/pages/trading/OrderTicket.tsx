/**
 * The order form of a signed-in account: buy or sell; limit, market or stop-limit; sized by
 * amount or total, or by a share of the available balance; the fee before placing; every problem
 * named next to its field (core's unit rules, the minimum value, the balance) and the server's
 * own answer when it refuses. Loaded only once someone is signed in.
 */
import { useId } from 'react';
import { formatAmount, PAIRS, type PairSymbol } from '../../../core/index.ts';
import { OrderFee } from './OrderFee.tsx';
import { OrderPriceFields } from './OrderPriceFields.tsx';
import { OrderSides } from './OrderSides.tsx';
import { OrderSizeFields } from './OrderSizeFields.tsx';
import { OrderTypes } from './OrderTypes.tsx';
import { type Available, type FeeRates, previewFee } from './orderDraft.ts';
import { ShareButtons } from './ShareButtons.tsx';
import { sizeEstimate } from './sizeEstimate.ts';
import { type PickedPrice, useOrderTicket } from './useOrderTicket.ts';

/** The form itself, for a signed-in account; pure inputs so tests can drive it. */
export function OrderTicket(props: {
  pair: PairSymbol;
  available: Available;
  fees: FeeRates | null;
  /** A price chosen in the book; `at` tells a second pick of the same price apart. */
  pickedPrice: PickedPrice | null;
  onPlaced?(message: string): void;
}) {
  const { pair, available, fees } = props;
  const spec = PAIRS[pair];
  const id = useId();
  const ticket = useOrderTicket(props);
  const { draft, errors, update } = ticket;
  const spends = draft.side === 'buy' ? spec.quote : spec.base;
  const have = draft.side === 'buy' ? available.quote : available.base;
  const derived = sizeEstimate(pair, draft);

  return (
    <form
      ref={ticket.form}
      className="order-form"
      noValidate
      onSubmit={ticket.submit}
      aria-label="Place an order"
    >
      <OrderSides side={draft.side} onChange={(side) => update({ side })} />
      <OrderTypes name={`${id}-type`} type={draft.type} onChange={(type) => update({ type })} />
      <p className="order-available" data-testid="order-available">
        Available:{' '}
        <strong>
          {have === null ? '—' : formatAmount(have)} {spends}
        </strong>
      </p>
      <OrderPriceFields id={id} pair={pair} draft={draft} errors={errors} update={update} />
      <OrderSizeFields id={id} pair={pair} draft={draft} errors={errors} update={update} />
      <ShareButtons spends={spends} onShare={ticket.share} />
      {ticket.formMessage === null ? null : <p className="field-error">{ticket.formMessage}</p>}
      {derived === null ? null : (
        <p className="order-derived" data-testid="order-derived">
          {derived}
        </p>
      )}
      <OrderFee fee={fees === null ? null : previewFee(pair, draft, fees)} />
      {errors.form === undefined ? null : <p className="field-error">{errors.form}</p>}
      {ticket.serverError === null ? null : (
        <p role="alert" className="field-error" data-testid="order-server-error">
          {ticket.serverError}
        </p>
      )}
      <button
        type="submit"
        className={`button order-submit order-submit-${draft.side}`}
        disabled={ticket.placing}
      >
        {ticket.placing ? 'Placing…' : `${draft.side === 'buy' ? 'Buy' : 'Sell'} ${spec.base}`}
      </button>
      <p role="status" className="order-status">
        {ticket.status}
      </p>
    </form>
  );
}

export default OrderTicket;
