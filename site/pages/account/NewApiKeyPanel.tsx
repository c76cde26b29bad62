/**
 * The key just made: its id and, for an HMAC key, its secret, this once, with copy buttons and a
 * warning that the secret is not shown again. The panel takes the focus as it appears, so a
 * screen reader reads its title and warning. The secret lives only in this panel's props: "Done"
 * drops it, and nothing stores it.
 */
import { useEffect, useId, useRef } from 'react';
import { copyToClipboard } from '../../copyToClipboard.ts';
import type { CreatedKey } from './useCreateApiKey.ts';

/** The panel for `created`; `onDone` hides it (and with it the secret). */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const { key, secret } = created;

  useEffect(() => {
    panel.current?.focus();
  }, []);

  return (
    <section
      ref={panel}
      className="new-api-key"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
      tabIndex={-1}
    >
      <h3 id={`${id}-title`}>API key “{key.label}” created</h3>
      <p id={`${id}-warning`} className={secret === undefined ? undefined : 'new-api-key-warning'}>
        {secret === undefined
          ? 'Your program signs with the private key that goes with the public key you gave: the exchange never sees it. It sends this key id as X-API-KEY.'
          : 'Copy the secret now and keep it safe: it will not be shown again. Anyone holding it can use the key. If you lose it, revoke the key and create a new one.'}
      </p>
      <dl className="new-api-key-values">
        <dt>Key id (sent as X-API-KEY)</dt>
        <dd>
          <code data-testid="api-key-id" translate="no">
            {key.id}
          </code>
        </dd>
        {secret !== undefined && (
          <>
            <dt>Secret</dt>
            <dd>
              <code data-testid="api-key-secret" translate="no">
                {secret}
              </code>
            </dd>
          </>
        )}
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button secondary"
          onClick={() => void copyToClipboard(key.id, 'Key id')}
        >
          Copy key id
        </button>
        {secret !== undefined && (
          <button
            type="button"
            className="button secondary"
            onClick={() => void copyToClipboard(secret, 'Secret')}
          >
            Copy secret
          </button>
        )}
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
