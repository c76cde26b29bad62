/** One labelled input of the sign-in and sign-up forms, with its error below it. */

/** A text, email or password input; `id` also names its error paragraph. */
export function SignField({
  id,
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
