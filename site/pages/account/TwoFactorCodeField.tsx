/** The two-factor code field that guards a sensitive change (a withdrawal, a saved address). */
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The field; its input's id is `${prefix}-code`, its message's `${prefix}-code-error`. */
export function TwoFactorCodeField({
  prefix,
  value,
  error,
  autoFocus = false,
  onChange,
}: {
  prefix: string;
  value: string;
  error: string | undefined;
  /** Whether the dialog it sits in focuses it first. */
  autoFocus?: boolean;
  onChange: (code: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-code`}>Two-factor code</label>
      <input
        id={`${prefix}-code`}
        data-autofocus={autoFocus ? true : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(error, `${prefix}-code-error`)}
      />
      <FieldError id={`${prefix}-code-error`} message={error} />
    </div>
  );
}
