/** The verification form: its progress, the current step's fields, and Back / Save and continue. */
import { useId } from 'react';
import type { KycApplication } from '../../../core/index.ts';
import { KycProgress } from './KycProgress.tsx';
import { KycStepFields } from './KycStepFields.tsx';
import { useVerificationForm } from './useVerificationForm.ts';
import { STEPS } from './verification.ts';

/** The four steps, starting at the one the person reached. */
export function VerificationForm({
  application,
  onSaved,
  onPhotoSaved,
  onSubmitted,
}: {
  application: KycApplication;
  onSaved: (application: KycApplication) => void;
  /** After an upload: takes the photos, keeps what is being typed on the step. */
  onPhotoSaved: (application: KycApplication) => void;
  onSubmitted: () => Promise<void>;
}) {
  const id = useId();
  const { step, current, problems, error, pending, heading, save, submit } = useVerificationForm(
    id,
    onSaved,
    onSubmitted,
  );
  return (
    <form
      className="settings-section settings-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <KycProgress step={step} />
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Step {step + 1} of {STEPS.length}: {current?.title}
      </h2>
      <KycStepFields
        step={step}
        prefix={id}
        problems={problems}
        application={application}
        onPhotoSaved={onPhotoSaved}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        {step > 0 && (
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={() => void save(step - 1)}
          >
            Back
          </button>
        )}
        <button type="submit" className="button" disabled={pending}>
          {step < STEPS.length - 1
            ? 'Save and continue'
            : application.status === 'rejected'
              ? 'Submit again'
              : 'Submit for review'}
        </button>
      </div>
    </form>
  );
}
