/**
 * `/account/admin/withdrawals`, the Dashboard's withdrawals to review: those above the review
 * threshold wait here, oldest first, until a staff member other than their owner approves them
 * (sent with the next block) or rejects them with a reason (the hold released). The list is read
 * again every few seconds, so two staff members reviewing at once see each other's decisions.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, type StaffWithdrawal, user } from '../../../core/index.ts';
import { useRepeatedRead } from '../account/useRepeatedRead.ts';
import {
  PendingWithdrawalTable,
  type Review,
  type ReviewAction,
} from './PendingWithdrawalTable.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { StaffOnly } from './StaffOnly.tsx';

/** How many of the oldest pending withdrawals the page lists. */
const PAGE_SIZE = 100;

/** How often the list is read again. */
const POLL_MS = 15_000;

const styles = `
.admin-pending-email, .admin-pending-tag { display: block; color: var(--muted); font-size: 0.875rem; overflow-wrap: anywhere; }
.admin-pending-actions { flex-wrap: nowrap; gap: 0.5rem; }
.admin-review-summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 0; }
.admin-review-summary dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The page: the review list for staff, a clear refusal for everyone else. */
export default function WithdrawalReviewPage() {
  return (
    <StaffOnly>
      <WithdrawalReview />
    </StaffOnly>
  );
}

function WithdrawalReview() {
  const titleId = useId();
  const { id: staffId } = useSnapshot(user);
  const [withdrawals, setWithdrawals] = useState<StaffWithdrawal[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const read = useCallback(async () => {
    const reply = await call('withdrawals.getPending', { limit: PAGE_SIZE });
    if (reply.status) {
      setWithdrawals(reply.withdrawals);
      setError(null);
    } else {
      setError(reply.error_msg);
    }
    return reply.status;
  }, []);

  useRepeatedRead(read, POLL_MS, POLL_MS);

  const open = (withdrawal: StaffWithdrawal, action: ReviewAction) => {
    setAnnouncement('');
    setReview({ withdrawal, action });
    setDialogOpen(true);
  };

  const close = () => {
    setDialogOpen(false);
    // Another staff member may have decided first: the list shows what is left.
    void read();
  };

  const done = async (message: string) => {
    setDialogOpen(false);
    setAnnouncement(message);
    await read();
    // The reviewed row, and the button that opened the dialog with it, are gone.
    heading.current?.focus();
  };

  return (
    <ReviewQueuePage
      titleId={titleId}
      title="Withdrawals to review"
      heading={heading}
      styles={styles}
      announcement={announcement}
      error={error === null ? null : `Could not load the withdrawals to review: ${error}`}
      onRetry={() => void read()}
      things="withdrawals"
      items={withdrawals}
      after={
        <ReviewDialog
          review={review}
          open={dialogOpen}
          onClose={close}
          onDone={(message) => void done(message)}
        />
      }
    >
      {(waiting) => (
        <>
          <p className="account-summary">
            {waiting.length === PAGE_SIZE
              ? `The oldest ${PAGE_SIZE} waiting; more appear as these are reviewed.`
              : `${waiting.length} waiting, oldest first.`}
          </p>
          <PendingWithdrawalTable withdrawals={waiting} staffId={staffId} onReview={open} />
        </>
      )}
    </ReviewQueuePage>
  );
}
