/** The transfer page's review step: who receives what, with no fee, and the note. */
import type { Ticker } from '../../../core/index.ts';
import { ReviewActions, type ReviewState } from './ReviewActions.tsx';
import type { TransferFields } from './transferForm.ts';

/** "Check before you send", with the confirm and change buttons. */
export function TransferReview({
  review,
  fields,
  ticker,
  onConfirm,
  onChange,
}: {
  review: ReviewState;
  fields: TransferFields;
  ticker: Ticker;
  onConfirm: (key: string) => void;
  onChange: () => void;
}) {
  return (
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
      <ReviewActions
        review={review}
        confirmLabel="Confirm transfer"
        onConfirm={onConfirm}
        onChange={onChange}
      />
    </div>
  );
}
