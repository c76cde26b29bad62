/** One identity application under review: details, photos, earlier decisions and the decision. */
import { useEffect, useId, useRef } from 'react';
import type { KycSubmission } from '../../../core/index.ts';
import { EarlierDecisions } from './EarlierDecisions.tsx';
import { KycDecisionForm } from './KycDecisionForm.tsx';
import { SubmissionDocuments } from './SubmissionDocuments.tsx';
import { submissionDetails } from './submissionFacts.ts';

/** One application: details, photos side by side, history and the decision form. */
export function SubmissionReview({
  submission,
  onDecided,
}: {
  submission: KycSubmission;
  onDecided: (message: string) => Promise<void>;
}) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const name = `${submission.firstName} ${submission.lastName}`;

  useEffect(() => {
    title.current?.focus();
  }, []);

  return (
    <article className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
        {name}
      </h2>
      <dl className="kyc-review-details">
        {submissionDetails(submission).map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <SubmissionDocuments submission={submission} name={name} />
      <EarlierDecisions decisions={submission.decisions} />
      <KycDecisionForm id={id} submission={submission} name={name} onDecided={onDecided} />
    </article>
  );
}
