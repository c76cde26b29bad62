/**
 * What a new API key may do: read, trade, withdraw. Withdraw stays off until the key has an IP
 * allowlist, and the hint under it says so.
 */
import type { ApiKeyScope } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';

const SCOPES: readonly { scope: ApiKeyScope; name: string; hint: string }[] = [
  { scope: 'read', name: 'Read', hint: 'Balances, orders and history.' },
  { scope: 'trade', name: 'Trade', hint: 'Place and cancel orders, swap.' },
  { scope: 'withdraw', name: 'Withdraw', hint: 'Withdrawals and transfers to other accounts.' },
];

/** The scopes' checkboxes; the first one's id is `${prefix}-scopes`. */
export function ApiKeyScopesField({
  prefix,
  scopes,
  hasAllowlist,
  error,
  onChange,
}: {
  prefix: string;
  scopes: readonly ApiKeyScope[];
  /** Whether an allowlist is typed: withdraw is offered only then. */
  hasAllowlist: boolean;
  error: string | undefined;
  onChange: (scopes: ApiKeyScope[]) => void;
}) {
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(on ? [...scopes, scope] : scopes.filter((s) => s !== scope));
  return (
    <fieldset
      className="field api-key-scopes"
      aria-describedby={error ? `${prefix}-scopes-error` : undefined}
    >
      <legend>What the key may do</legend>
      {SCOPES.map(({ scope, name, hint }, index) => {
        const locked = scope === 'withdraw' && !hasAllowlist;
        const hintId = `${prefix}-scope-${scope}-hint`;
        return (
          <div key={scope} className="api-key-choice">
            <label className="checkbox">
              <input
                type="checkbox"
                id={index === 0 ? `${prefix}-scopes` : `${prefix}-scope-${scope}`}
                checked={scopes.includes(scope)}
                disabled={locked}
                aria-describedby={hintId}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              {name}
            </label>
            <p className="field-hint" id={hintId}>
              {hint}
              {locked && ' Add an IP allowlist below to allow this.'}
            </p>
          </div>
        );
      })}
      <FieldError id={`${prefix}-scopes-error`} message={error} />
    </fieldset>
  );
}
