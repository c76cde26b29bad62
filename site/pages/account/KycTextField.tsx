/** One typed field of the verification form, kept in the shared verification store as it is typed. */
import { useSnapshot } from 'valtio';
import { type KycDetails, updateVerification, verification } from '../../../core/index.ts';
import { KYC_FIELD_LABELS } from '../../../core/kyc.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The field named `field`: its input is `${prefix}-${field}`, with an optional hint and problem. */
export function KycTextField({
  prefix,
  field,
  problem,
  props = {},
  hint,
}: {
  prefix: string;
  field: keyof KycDetails;
  problem: string | undefined;
  /** The input's own attributes (`type`, `autoComplete`). */
  props?: Record<string, string>;
  hint?: string;
}) {
  const form = useSnapshot(verification);
  const hintId = hint ? `${prefix}-${field}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={`${prefix}-${field}`}>{KYC_FIELD_LABELS[field]}</label>
      <input
        value={String(form[field])}
        onChange={(event) => updateVerification({ [field]: event.target.value })}
        {...props}
        id={`${prefix}-${field}`}
        {...fieldAria(problem, `${prefix}-${field}-error`, hintId)}
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldError id={`${prefix}-${field}-error`} message={problem} />
    </div>
  );
}
