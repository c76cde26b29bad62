/** The photos of an identity application, side by side, each opening full size. */
import { apiBaseUrl, type KycSubmission } from '../../../core/index.ts';
import { submissionPhotos } from './submissionFacts.ts';

/** The application's photos; `name` is the applicant's, for each photo's text alternative. */
export function SubmissionDocuments({
  submission,
  name,
}: {
  submission: KycSubmission;
  name: string;
}) {
  return (
    <div className="kyc-documents">
      {submissionPhotos(submission).map(([label, photo]) => (
        <figure key={label}>
          <a href={`${apiBaseUrl()}${photo?.path}`} target="_blank" rel="noreferrer">
            <img src={`${apiBaseUrl()}${photo?.path}`} alt={`${label} of ${name}`} />
          </a>
          <figcaption>{label}</figcaption>
        </figure>
      ))}
    </div>
  );
}
