/**
 * `/account/admin/verifications`, the Dashboard's identity verifications to review: the pending
 * applications, oldest first; opening one shows its details and photos side by side, the
 * earlier decisions, and approve or reject with a reason the person will read.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  apiBaseUrl,
  call,
  formatLocalDateTime,
  type KycQueueItem,
  type KycSubmission,
} from '../../../core/index.ts';
import { ID_TYPES, KYC_FIELD_LABELS } from '../../../core/kyc.ts';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { StaffOnly } from './StaffOnly.tsx';

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

/** One application: details, photos side by side, history and the decision form. */
function SubmissionReview({
  submission,
  onDecided,
}: {
  submission: KycSubmission;
  onDecided: (message: string) => Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const name = `${submission.firstName} ${submission.lastName}`;

  useEffect(() => {
    title.current?.focus();
  }, []);

  async function approve() {
    setPending(true);
    setError('');
    const reply = await call('kyc.approve', { userId: submission.userId });
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onDecided(`Approved: ${name} is verified.`);
  }

  async function reject(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (reason.trim() === '') {
      setError('Write the reason the person will read, saying what to correct.');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setPending(true);
    const reply = await call('kyc.reject', { userId: submission.userId, reason: reason.trim() });
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onDecided(`Rejected: ${name} can correct and submit again.`);
  }

  const details: [string, string][] = [
    ['Account', `${submission.login} (${submission.email})`],
    [KYC_FIELD_LABELS.dateOfBirth, submission.dateOfBirth],
    [KYC_FIELD_LABELS.countryId, submission.country],
    [KYC_FIELD_LABELS.address, `${submission.address}, ${submission.zipCode} ${submission.city}`],
    [KYC_FIELD_LABELS.phone, submission.phone],
    [
      KYC_FIELD_LABELS.idType,
      ID_TYPES.find((type) => type.id === submission.idType)?.name ?? submission.idType,
    ],
    [KYC_FIELD_LABELS.idNumber, submission.idNumber],
  ];
  const photos = (
    [
      ['Document front', submission.front],
      ['Document back', submission.back],
      ['Selfie with document', submission.selfie],
    ] as const
  ).filter(([, photo]) => photo !== null);

  return (
    <article className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
        {name}
      </h2>
      <dl className="kyc-review-details">
        {details.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="kyc-documents">
        {photos.map(([label, photo]) => (
          <figure key={label}>
            <a href={`${apiBaseUrl()}${photo?.path}`} target="_blank" rel="noreferrer">
              <img src={`${apiBaseUrl()}${photo?.path}`} alt={`${label} of ${name}`} />
            </a>
            <figcaption>{label}</figcaption>
          </figure>
        ))}
      </div>
      {submission.decisions.length > 0 && (
        <>
          <h3>Earlier decisions</h3>
          <ul>
            {submission.decisions.map((decision) => (
              <li key={decision.at}>
                {decision.decision === 'approved' ? 'Approved' : 'Rejected'} by {decision.staff} on{' '}
                {formatLocalDateTime(decision.at)}
                {decision.reason ? `: ${decision.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <form
        className="settings-form kyc-review-form"
        onSubmit={(event) => void reject(event)}
        noValidate
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason for a rejection (the person reads it)</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
          />
        </div>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => void approve()}
          >
            Approve
          </button>
          <button type="submit" className="button secondary" disabled={pending}>
            Reject with this reason
          </button>
        </div>
      </form>
    </article>
  );
}
