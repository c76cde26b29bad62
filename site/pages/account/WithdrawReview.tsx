/** The withdrawal page's review step: where the money goes, the fee, and what leaves the balance. */
import { formatAmount, type NetworkInfo, type SavedAddress } from '../../../core/index.ts';
import { ReviewActions, type ReviewState } from './ReviewActions.tsx';
import type { WithdrawFields, WithdrawTerms } from './withdrawForm.ts';
import { totalWithFee } from './withdrawForm.ts';

/** "Check before you send", with the confirm and change buttons. */
export function WithdrawReview({
  review,
  fields,
  asset,
  info,
  terms,
  saved,
  onConfirm,
  onChange,
}: {
  review: ReviewState;
  fields: WithdrawFields;
  asset: string;
  info: NetworkInfo;
  terms: WithdrawTerms;
  /** The saved address the form's address is, if it is one: its name is shown. */
  saved: SavedAddress | undefined;
  onConfirm: (key: string) => void;
  onChange: () => void;
}) {
  return (
    <div className="transfer-review" aria-live="polite">
      <h2>Check before you send</h2>
      <dl>
        <dt>To</dt>
        <dd>
          {saved && `${saved.label}: `}
          {fields.address.trim()}
          {fields.tag.trim() && ` (${terms.tagName}: ${fields.tag.trim()})`}
        </dd>
        <dt>Network</dt>
        <dd>{info.name}</dd>
        <dt>The address receives</dt>
        <dd data-testid="withdraw-receives">
          {fields.amount.trim()} {asset}
        </dd>
        <dt>Network fee</dt>
        <dd>
          {formatAmount(terms.fee)} {asset}
        </dd>
        <dt>Taken from your balance</dt>
        <dd data-testid="withdraw-total">
          {totalWithFee(fields.amount, terms.fee)} {asset}
        </dd>
      </dl>
      <p className="field-hint">
        Check the address and network: a withdrawal sent on the chain cannot be reversed.
      </p>
      <ReviewActions
        review={review}
        confirmLabel="Confirm withdrawal"
        onConfirm={onConfirm}
        onChange={onChange}
      />
    </div>
  );
}
