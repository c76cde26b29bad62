/**
 * Staff's decision on one withdrawal, in a dialog: approving asks for a confirmation (the chain
 * cannot give a sent withdrawal back), rejecting for the reason its owner will read.
 */
import { useId } from 'react';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import type { Review } from './PendingWithdrawalTable.tsx';
import { RejectReasonField } from './RejectReasonField.tsx';
import { ReviewSummary } from './ReviewSummary.tsx';
import { useWithdrawalReview } from './useWithdrawalReview.ts';

/** The dialog for `review`, shown while `open`; `onDone` gets what to announce. */
export function ReviewDialog({
  review,
  open,
  onClose,
  onDone,
}: {
  review: Review | null;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const decision = useWithdrawalReview(review, onClose, onDone);
  if (review === null) return null;
  const { withdrawal, action } = review;
  const { pending, error, close } = decision;
  const rejecting = action === 'reject';

  return (
    <Modal
      open={open}
      title={`${rejecting ? 'Reject' : 'Approve'} withdrawal #${withdrawal.id}`}
      onClose={close}
    >
      <form className="sign-form" onSubmit={(event) => void decision.submit(event)} noValidate>
        <ReviewSummary withdrawal={withdrawal} />
        {rejecting && (
          <RejectReasonField
            id={id}
            reason={decision.reason}
            reasonError={decision.reasonError}
            onChange={decision.setReason}
          />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Sending…' : rejecting ? 'Reject withdrawal' : 'Approve withdrawal'}
          </button>
          <button type="button" className="button secondary" disabled={pending} onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
