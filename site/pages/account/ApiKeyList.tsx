/**
 * The account's API keys, one card each: its label and kind, its id, what it may do, where it is
 * accepted from, when it was made and stops working, and its last use (time and address).
 */
import { type ApiKeyInfo, type ApiKeyScope, formatLocalDateTime } from '../../../core/index.ts';

/** The kinds' names as the form offers them. */
export const KIND_NAMES = { hmac: 'HMAC-SHA256', ed25519: 'Ed25519' } as const;

const SCOPE_NAMES: Record<ApiKeyScope, string> = {
  read: 'Read',
  trade: 'Trade',
  withdraw: 'Withdraw',
};

/** A time in milliseconds since 1970, in a <time> element. */
function When({ ms }: { ms: number }) {
  const iso = new Date(ms).toISOString();
  return <time dateTime={iso}>{formatLocalDateTime(iso)}</time>;
}

/** The expiry: never, the day it will stop, or the day it stopped. */
function Expiry({ expiresAt, now }: { expiresAt: number | null; now: number }) {
  if (expiresAt === null) return <>Never</>;
  return (
    <>
      {expiresAt <= now ? 'Expired ' : ''}
      <When ms={expiresAt} />
    </>
  );
}

/** The list, with a Revoke button on each key. */
export function ApiKeyList({
  keys,
  now,
  onRevoke,
}: {
  keys: readonly ApiKeyInfo[];
  /** The time (ms since 1970) expiry is judged at. */
  now: number;
  onRevoke: (key: ApiKeyInfo) => void;
}) {
  return (
    <ul className="api-key-list" aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id} data-testid="api-key">
          <h3 className="api-key-title">
            {key.label} <span className="badge">{KIND_NAMES[key.kind]}</span>
          </h3>
          <dl className="api-key-terms">
            <dt>Key id</dt>
            <dd className="tx-hash" translate="no">
              {key.id}
            </dd>
            <dt>Scopes</dt>
            <dd>{key.scopes.map((scope) => SCOPE_NAMES[scope]).join(', ')}</dd>
            <dt>Allowed from</dt>
            <dd>{key.ipAllowlist.length === 0 ? 'Any address' : key.ipAllowlist.join(', ')}</dd>
            <dt>Created</dt>
            <dd>
              <When ms={key.createdAt} />
            </dd>
            <dt>Expires</dt>
            <dd>
              <Expiry expiresAt={key.expiresAt} now={now} />
            </dd>
            <dt>Last used</dt>
            <dd data-testid="api-key-last-use">
              {key.lastUsedAt === null ? (
                'Never used'
              ) : (
                <>
                  <When ms={key.lastUsedAt} /> from {key.lastUsedIp ?? 'an unknown address'}
                </>
              )}
            </dd>
          </dl>
          <div>
            <button
              type="button"
              className="button secondary"
              aria-label={`Revoke ${key.label}`}
              onClick={() => onRevoke(key)}
            >
              Revoke
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
