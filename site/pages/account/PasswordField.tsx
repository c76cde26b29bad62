/** One password field of the settings page's password form. */
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The field `name` (also its input's name), its id `${prefix}-${name}`, with its message. */
export function PasswordField({
  prefix,
  name,
  label,
  autoComplete,
  value,
  error,
  onChange,
}: {
  prefix: string;
  name: string;
  label: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-${name}`}>{label}</label>
      <input
        id={`${prefix}-${name}`}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        {...fieldAria(error, `${prefix}-${name}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${prefix}-${name}-error`} message={error} />
    </div>
  );
}
