/** One pick-from-a-list field of the verification form (the country, the document type). */
import type { KycDetails } from '../../../core/index.ts';
import { KYC_FIELD_LABELS } from '../../../core/kyc.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The select named `field`, with a first option that asks to choose; `onPick` gets the value. */
export function KycSelectField({
  prefix,
  field,
  value,
  choose,
  options,
  problem,
  autoComplete,
  onPick,
}: {
  prefix: string;
  field: keyof KycDetails;
  value: string | number;
  /** The first option's text and value ("Choose your country", 0). */
  choose: { name: string; value: string | number };
  options: readonly { id: string | number; name: string }[];
  problem: string | undefined;
  autoComplete?: string;
  onPick: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-${field}`}>{KYC_FIELD_LABELS[field]}</label>
      <select
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onPick(event.target.value)}
        id={`${prefix}-${field}`}
        {...fieldAria(problem, `${prefix}-${field}-error`)}
      >
        <option value={choose.value}>{choose.name}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldError id={`${prefix}-${field}-error`} message={problem} />
    </div>
  );
}
