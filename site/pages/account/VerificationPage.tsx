/**
 * `/account/verification`: identity verification in four steps (personal details, address,
 * identity document, selfie). Each step is saved on the server as it is left, so a person can
 * stop and come back where they were; submitting sends the whole application for review. The
 * page then says where it stands: under review, verified (with the withdrawal limits), or
 * rejected with the reviewer's reason and the form open to correct and submit again. The staff
 * decision arrives on the account's stream (VerificationWatcher reads the profile again), and the
 * page reads the application again when the profile's verification state changes.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { COUNTRIES } from '../../../core/countries.ts';
import {
  call,
  formatLocalDateTime,
  formatUsd,
  type KycApplication,
  type KycDetails,
  loadUser,
  updateVerification,
  user,
  verification,
  type WithdrawalLimits,
} from '../../../core/index.ts';
import { ID_TYPES, KYC_FIELD_LABELS, requiredPhotos } from '../../../core/kyc.ts';
import { Loader } from '../../components/Loader.tsx';
import { PhotoField } from './PhotoField.tsx';
import {
  applyApplication,
  applyPhotos,
  fieldOfMessage,
  STEPS,
  stepProblems,
} from './verification.ts';
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

type Problems = Partial<Record<keyof KycDetails, string>>;

/** The page. */
export default function VerificationPage() {
  const titleId = useId();
  const [application, setApplication] = useState<KycApplication | null>(null);
  const [limits, setLimits] = useState<WithdrawalLimits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { kycStatusId, isVerified } = useSnapshot(user);

  const load = useCallback(async () => {
    const reply = await call('kyc.getMine', {});
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setError(null);
    // A decision or submission the profile does not show yet: read it again, so the header's
    // badge says the same as this page.
    const { status } = reply.application;
    if (
      (status === 'pending') !== user.isKycPending ||
      (status === 'approved') !== user.isVerified
    ) {
      void loadUser();
    }
    applyApplication(reply.application);
    setApplication(reply.application);
    setLimits(reply.limits);
  }, []);

  // Read again when the profile's verification state moves (a decision arrived): the state is
  // what changes, never what is being typed, so a draft is not read over the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile's state is the trigger.
  useEffect(() => {
    void load();
  }, [load, kycStatusId, isVerified]);

  const saved = (next: KycApplication) => {
    applyApplication(next);
    setApplication(next);
  };
  const photoSaved = (next: KycApplication) => {
    applyPhotos(next);
    setApplication(next);
  };

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
          <StatusPanel application={application} limits={limits} />
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

/** Where the application stands, and the limits of the account's level. */
function StatusPanel({
  application,
  limits,
}: {
  application: KycApplication;
  limits: WithdrawalLimits | null;
}) {
  return (
    <div className="settings-section">
      <h2>Status</h2>
      {application.status === 'draft' && (
        <p>
          Not verified yet. Verifying takes four short steps; what you enter is saved as you go, so
          you can stop and continue later.
        </p>
      )}
      {application.status === 'pending' && (
        <p role="status">
          Under review: we received your documents
          {application.submittedAt ? ` on ${formatLocalDateTime(application.submittedAt)}` : ''}.
          You will see the result here.
        </p>
      )}
      {application.status === 'approved' && (
        <p role="status">
          <strong className="badge on">Verified</strong> Your identity is verified.
        </p>
      )}
      {application.status === 'rejected' && (
        <div className="error-box" role="alert">
          <p>Your verification was not accepted. The reviewer says:</p>
          <p>
            <strong>{application.reason}</strong>
          </p>
          <p>Correct what it asks below and submit again.</p>
        </div>
      )}
      {limits !== null && (
        <dl className="kyc-limits" aria-label="Withdrawal limits">
          <dt>Your limit now</dt>
          <dd>{formatUsd(limits.dailyUsd, { adaptive: true })} per 24 hours</dd>
          <dt>Without verification</dt>
          <dd>{formatUsd(limits.unverifiedDailyUsd, { adaptive: true })} per 24 hours</dd>
          <dt>Verified</dt>
          <dd>{formatUsd(limits.verifiedDailyUsd, { adaptive: true })} per 24 hours</dd>
        </dl>
      )}
    </div>
  );
}

/** The four steps, starting at the one the person reached. */
function VerificationForm({
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
  const form = useSnapshot(verification);
  const step = Math.min(form.currentStep, STEPS.length - 1);
  const current = STEPS[step] ?? STEPS[0];
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);

  const fieldsOf = (fields: readonly (keyof KycDetails)[]) =>
    Object.fromEntries(fields.map((field) => [field, verification[field]])) as Partial<KycDetails>;

  async function save(next: number): Promise<boolean> {
    if (current === undefined) return false;
    const found = next > step ? stepProblems(current, verification) : {};
    setProblems(found);
    setError('');
    const first = current.fields.find((field) => found[field]);
    if (first !== undefined) {
      document.getElementById(`${id}-${first}`)?.focus();
      return false;
    }
    setPending(true);
    const reply = await call('kyc.saveDraft', { ...fieldsOf(current.fields), currentStep: next });
    setPending(false);
    if (!reply.status) {
      const field = fieldOfMessage(reply.error_msg);
      if (field !== null && current.fields.includes(field)) {
        setProblems({ [field]: reply.error_msg });
        document.getElementById(`${id}-${field}`)?.focus();
      } else setError(reply.error_msg);
      return false;
    }
    onSaved(reply.application);
    setMoved(true);
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step < STEPS.length - 1) {
      await save(step + 1);
      return;
    }
    setError('');
    setPending(true);
    const reply = await call('kyc.submit', {});
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onSubmitted();
  }

  const described = (field: keyof KycDetails, hint?: string) => {
    const ids = [hint, problems[field] ? `${id}-${field}-error` : undefined].filter(Boolean);
    return {
      id: `${id}-${field}`,
      ...(problems[field] ? { 'aria-invalid': true as const } : {}),
      ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    };
  };
  const problem = (field: keyof KycDetails) =>
    problems[field] && (
      <p className="field-error" id={`${id}-${field}-error`}>
        {problems[field]}
      </p>
    );
  const text = (field: keyof KycDetails, props: Record<string, string> = {}, hint?: string) => (
    <div className="field" key={field}>
      <label htmlFor={`${id}-${field}`}>{KYC_FIELD_LABELS[field]}</label>
      <input
        value={String(form[field])}
        onChange={(event) => updateVerification({ [field]: event.target.value })}
        {...props}
        {...described(field, hint ? `${id}-${field}-hint` : undefined)}
      />
      {hint && (
        <p className="field-hint" id={`${id}-${field}-hint`}>
          {hint}
        </p>
      )}
      {problem(field)}
    </div>
  );
  const needsBack = requiredPhotos(form.idType as KycDetails['idType']).includes('back');

  return (
    <form
      className="settings-section settings-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <ol className="kyc-steps" aria-label="Progress">
        {STEPS.map((each, index) => (
          <li
            key={each.title}
            aria-current={index === step ? 'step' : undefined}
            data-done={index < step}
          >
            {each.title}
            <span className="visually-hidden">{index < step ? ' (done)' : ''}</span>
          </li>
        ))}
      </ol>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Step {step + 1} of {STEPS.length}: {current?.title}
      </h2>
      {step === 0 && (
        <>
          <p className="field-hint">As written on your identity document.</p>
          {text('firstName', { autoComplete: 'given-name' })}
          {text('lastName', { autoComplete: 'family-name' })}
          {text(
            'dateOfBirth',
            { type: 'date', autoComplete: 'bday' },
            'You must be at least 18 years old.',
          )}
        </>
      )}
      {step === 1 && (
        <>
          <div className="field">
            <label htmlFor={`${id}-countryId`}>{KYC_FIELD_LABELS.countryId}</label>
            <select
              value={form.countryId}
              autoComplete="country"
              onChange={(event) => updateVerification({ countryId: Number(event.target.value) })}
              {...described('countryId')}
            >
              <option value={0}>Choose your country</option>
              {COUNTRIES.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.name}
                </option>
              ))}
            </select>
            {problem('countryId')}
          </div>
          {text('city', { autoComplete: 'address-level2' })}
          {text('address', { autoComplete: 'street-address' })}
          {text('zipCode', { autoComplete: 'postal-code' })}
          {text(
            'phone',
            { type: 'tel', autoComplete: 'tel' },
            'With the country code, e.g. +44 20 7946 0958.',
          )}
        </>
      )}
      {step === 2 && (
        <>
          <div className="field">
            <label htmlFor={`${id}-idType`}>{KYC_FIELD_LABELS.idType}</label>
            <select
              value={form.idType}
              onChange={(event) => updateVerification({ idType: event.target.value })}
              {...described('idType')}
            >
              <option value="">Choose a document</option>
              {ID_TYPES.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
            {problem('idType')}
          </div>
          {text('idNumber', { autoComplete: 'off', spellCheck: 'false' })}
          <PhotoField
            slot="front"
            label={needsBack ? 'Front of the document' : 'Photo page of the document'}
            hint="A sharp, uncropped photo with all four corners visible. JPG, PNG or WebP."
            photo={application.front}
            onSaved={onPhotoSaved}
          />
          {needsBack && (
            <PhotoField
              slot="back"
              label="Back of the document"
              hint="The other side, as sharp as the front."
              photo={application.back}
              onSaved={onPhotoSaved}
            />
          )}
        </>
      )}
      {step === 3 && (
        <PhotoField
          slot="selfie"
          label="Selfie with your document"
          hint="Your face and the document in one photo, both clearly visible."
          photo={application.selfie}
          onSaved={onPhotoSaved}
        />
      )}
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
