/** The new API key's label and IP allowlist fields, each with its hint and its message. */
import { MAX_ALLOWLIST_ENTRIES } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { KEY_LABEL_MAX } from './apiKeyForm.ts';

/** What each text field takes. */
interface TextFieldProps {
  prefix: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The label; its id is `${prefix}-label`. */
export function ApiKeyLabelField({ prefix, value, error, onChange }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-label`}>Label</label>
      <input
        id={`${prefix}-label`}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(error, `${prefix}-label-error`, `${prefix}-label-hint`)}
      />
      <p className="field-hint" id={`${prefix}-label-hint`}>
        Up to {KEY_LABEL_MAX} characters, to tell your keys apart, such as “Trading bot”.
      </p>
      <FieldError id={`${prefix}-label-error`} message={error} />
    </div>
  );
}

/** The allowlist as typed; its id is `${prefix}-ipAllowlist`. */
export function ApiKeyAllowlistField({ prefix, value, error, onChange }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-ipAllowlist`}>IP allowlist (optional)</label>
      <textarea
        id={`${prefix}-ipAllowlist`}
        className="api-key-text"
        rows={3}
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(error, `${prefix}-ipAllowlist-error`, `${prefix}-ipAllowlist-hint`)}
      />
      <p className="field-hint" id={`${prefix}-ipAllowlist-hint`}>
        The addresses your program calls from, one a line or separated by commas: IPv4, IPv6 or
        ranges such as 203.0.113.0/24, up to {MAX_ALLOWLIST_ENTRIES}. Empty: any address.
      </p>
      <FieldError id={`${prefix}-ipAllowlist-error`} message={error} />
    </div>
  );
}
