/**
 * How a new API key signs: HMAC-SHA256 with a secret the exchange makes, or Ed25519 with a key
 * pair the program makes (its public key pasted here, its private key kept by the program).
 */
import type { ApiKeyKind } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

const KINDS: readonly { kind: ApiKeyKind; name: string; hint: string }[] = [
  {
    kind: 'hmac',
    name: 'HMAC-SHA256',
    hint: 'The exchange makes a secret, shown to you once; your program signs with it.',
  },
  {
    kind: 'ed25519',
    name: 'Ed25519',
    hint: 'Your program makes its own key pair and keeps the private key; you paste the public key.',
  },
];

/** The kind's radio buttons (the first one's id is `${prefix}-kind`) and, for Ed25519, the public key. */
export function ApiKeyKindChoice({
  prefix,
  kind,
  publicKey,
  error,
  onChange,
}: {
  prefix: string;
  kind: ApiKeyKind;
  publicKey: string;
  /** The public key's message. */
  error: string | undefined;
  onChange: (patch: { kind?: ApiKeyKind; publicKey?: string }) => void;
}) {
  return (
    <>
      <fieldset className="field api-key-kind">
        <legend>How your program signs</legend>
        {KINDS.map((choice, index) => (
          <div key={choice.kind} className="api-key-choice">
            <label className="radio">
              <input
                type="radio"
                name={`${prefix}-kind`}
                id={index === 0 ? `${prefix}-kind` : `${prefix}-kind-${choice.kind}`}
                checked={kind === choice.kind}
                aria-describedby={`${prefix}-kind-${choice.kind}-hint`}
                onChange={() => onChange({ kind: choice.kind })}
              />
              {choice.name}
            </label>
            <p className="field-hint" id={`${prefix}-kind-${choice.kind}-hint`}>
              {choice.hint}
            </p>
          </div>
        ))}
      </fieldset>
      {kind === 'ed25519' && (
        <div className="field">
          <label htmlFor={`${prefix}-publicKey`}>Public key</label>
          <textarea
            id={`${prefix}-publicKey`}
            className="api-key-text"
            rows={4}
            spellCheck={false}
            autoComplete="off"
            value={publicKey}
            onChange={(event) => onChange({ publicKey: event.target.value })}
            {...fieldAria(error, `${prefix}-publicKey-error`, `${prefix}-publicKey-hint`)}
          />
          <p className="field-hint" id={`${prefix}-publicKey-hint`}>
            A PEM “PUBLIC KEY” (-----BEGIN PUBLIC KEY-----), or the raw 32 bytes in base64.
          </p>
          <FieldError id={`${prefix}-publicKey-error`} message={error} />
        </div>
      )}
    </>
  );
}
