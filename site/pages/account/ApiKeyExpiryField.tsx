/** How long a new API key works: for good, or 30, 90 or 365 days from its making. */
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { EXPIRY_CHOICES, type ExpiryChoice } from './apiKeyForm.ts';

const NAMES: Record<ExpiryChoice, string> = {
  never: 'Never',
  '30': 'In 30 days',
  '90': 'In 90 days',
  '365': 'In a year',
};

/** The expiry select; its id is `${prefix}-expiresAt`. */
export function ApiKeyExpiryField({
  prefix,
  value,
  error,
  onChange,
}: {
  prefix: string;
  value: ExpiryChoice;
  error: string | undefined;
  onChange: (value: ExpiryChoice) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-expiresAt`}>Expires</label>
      <select
        id={`${prefix}-expiresAt`}
        value={value}
        onChange={(event) => {
          const picked = EXPIRY_CHOICES.find((choice) => choice === event.target.value);
          if (picked !== undefined) onChange(picked);
        }}
        {...fieldAria(error, `${prefix}-expiresAt-error`)}
      >
        {EXPIRY_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {NAMES[choice]}
          </option>
        ))}
      </select>
      <FieldError id={`${prefix}-expiresAt-error`} message={error} />
    </div>
  );
}
