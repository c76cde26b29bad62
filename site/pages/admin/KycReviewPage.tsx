/**
 * `/account/admin/verifications`, the Dashboard's identity verifications to review: the pending
 * applications, oldest first; opening one shows its details and photos side by side, the
 * earlier decisions, and approve or reject with a reason the person will read.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  call,
  formatLocalDateTime,
  type KycQueueItem,
  type KycSubmission,
} from '../../../core/index.ts';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import { SubmissionReview } from './SubmissionReview.tsx';

const styles = `
.kyc-queue { display: grid; gap: 0.5rem; margin: 0 0 1rem; padding: 0; list-style: none; }
.kyc-queue button { width: 100%; text-align: start; }
.kyc-review-details { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0; }
.kyc-review-details dd { margin: 0; overflow-wrap: anywhere; }
.kyc-documents { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 1rem; margin: 1rem 0; }
.kyc-documents figure { margin: 0; }
.kyc-documents img { display: block; width: 100%; height: auto; border: 1px solid var(--border); border-radius: 4px; }
.kyc-review-form textarea { width: 100%; min-height: 5rem; }
`;

/** The page: the review queue for staff, a clear refusal for everyone else. */
export default function KycReviewPage() {
  return (
    <StaffOnly>
      <KycReview />
    </StaffOnly>
  );
}

/** The queue of applications waiting, and the one opened for review. */
function KycReview() {
  const titleId = useId();
  const [items, setItems] = useState<KycQueueItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<KycSubmission | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const read = useCallback(async () => {
    const reply = await call('kyc.getQueue', {});
    if (reply.status) {
      setItems(reply.items);
      setError(null);
    } else setError(reply.error_msg);
  }, []);

  useEffect(() => {
    void read();
  }, [read]);

  const show = async (userId: number) => {
    setAnnouncement('');
    const reply = await call('kyc.getSubmission', { userId });
    if (reply.status) setOpen(reply.submission);
    else setError(reply.error_msg);
  };

  const decided = async (message: string) => {
    setOpen(null);
    setAnnouncement(message);
    await read();
    heading.current?.focus();
  };

  return (
    <ReviewQueuePage
      titleId={titleId}
      title="Verifications to review"
      heading={heading}
      styles={styles}
      announcement={announcement}
      error={error}
      onRetry={() => void read()}
      things="verifications"
      items={items}
      after={open !== null && <SubmissionReview submission={open} onDecided={decided} />}
    >
      {(waiting) => (
        <ul className="kyc-queue" aria-label="Waiting, oldest first">
          {waiting.map((item) => (
            <li key={item.userId}>
              <button
                type="button"
                className="button secondary"
                aria-pressed={open?.userId === item.userId}
                onClick={() => void show(item.userId)}
              >
                {item.name} ({item.login}), {item.country}, sent{' '}
                {formatLocalDateTime(item.submittedAt)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ReviewQueuePage>
  );
}
