/**
 * `/account/verification`: identity verification in four steps (personal details, address,
 * identity document, selfie). Each step is saved on the server as it is left, so a person can
 * stop and come back where they were; submitting sends the whole application for review. The
 * page then says where it stands: under review, verified (with the withdrawal limits), or
 * rejected with the reviewer's reason and the form open to correct and submit again. The staff
 * decision arrives on the account's stream (VerificationWatcher reads the profile again), and the
 * page reads the application again when the profile's verification state changes.
 */
import { useId } from 'react';
import { Loader } from '../../components/Loader.tsx';
import { useKycApplication } from './useKycApplication.ts';
import { VerificationForm } from './VerificationForm.tsx';
import { VerificationStatus } from './VerificationStatus.tsx';
import './profile.css';

const styles = `
.kyc-steps { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0 0 1rem; padding: 0; list-style: none; counter-reset: step; }
.kyc-steps li { flex: 1 1 8rem; padding: 0.5rem; border-top: 3px solid var(--border); color: var(--muted); }
.kyc-steps li[data-done="true"] { border-color: var(--accent); }
.kyc-steps li[aria-current="step"] { border-color: var(--accent); color: inherit; font-weight: 600; }
.kyc-photo-preview { display: block; max-width: 100%; max-height: 12rem; border-radius: 4px; margin-block: 0.5rem; }
.kyc-limits { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
.kyc-limits dd { margin: 0; font-variant-numeric: tabular-nums; }
`;

/** The page. */
export default function VerificationPage() {
  const titleId = useId();
  const { application, limits, error, load, saved, photoSaved } = useKycApplication();

  return (
    <section className="page settings" aria-labelledby={titleId}>
      <style>{styles}</style>
      <h1 id={titleId}>Identity verification</h1>
      {error !== null && (
        <div className="error-box" role="alert">
          <p>Could not load your verification: {error}</p>
          <button type="button" className="button secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {application === null ? (
        error === null && <Loader label="Loading your verification" />
      ) : (
        <>
          <VerificationStatus application={application} limits={limits} />
          {(application.status === 'draft' || application.status === 'rejected') && (
            <VerificationForm
              application={application}
              onSaved={saved}
              onPhotoSaved={photoSaved}
              onSubmitted={load}
            />
          )}
        </>
      )}
    </section>
  );
}
