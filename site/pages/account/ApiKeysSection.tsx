/**
 * The settings page's API keys for trading programs: the live keys with their last use, each
 * revoked after a confirmation naming it; the form that makes one; and, once made, the panel that
 * shows its id and an HMAC key's secret this once. Successes are announced politely; refusals
 * are shown as the server words them.
 */
import { useId, useRef, useState } from 'react';
import type { ApiKeyInfo } from '../../../core/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ApiKeyList } from './ApiKeyList.tsx';
import { CreateApiKeyForm } from './CreateApiKeyForm.tsx';
import { NewApiKeyPanel } from './NewApiKeyPanel.tsx';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog.tsx';
import { useApiKeys } from './useApiKeys.ts';
import type { CreatedKey } from './useCreateApiKey.ts';

/** The section, after the sessions. */
export function ApiKeysSection() {
  const id = useId();
  const { load, reload, added, removed } = useApiKeys();
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<{ key: ApiKeyInfo | null; open: boolean }>({
    key: null,
    open: false,
  });

  return (
    <section id="api-keys" className="settings-section api-keys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        API keys
      </h2>
      <p className="form-success" role="status">
        {status}
      </p>
      {load.state === 'loading' && <Loader label="Loading your API keys" />}
      {load.state === 'error' && <LoadError message={load.message} onRetry={reload} />}
      {load.state === 'ready' && load.value.length === 0 && <NoKeys />}
      {load.state === 'ready' && load.value.length > 0 && (
        <ApiKeyList
          keys={load.value}
          now={Date.now()}
          onRevoke={(key) => {
            setStatus('');
            setRevoking({ key, open: true });
          }}
        />
      )}
      {created === null ? (
        <CreateApiKeyForm
          onCreated={(made) => {
            setStatus('');
            added(made.key);
            setCreated(made);
          }}
        />
      ) : (
        <NewApiKeyPanel
          created={created}
          onDone={() => {
            setCreated(null);
            heading.current?.focus();
          }}
        />
      )}
      <RevokeApiKeyDialog
        apiKey={revoking.key}
        open={revoking.open}
        onClose={() => setRevoking({ ...revoking, open: false })}
        onRevoked={(key) => {
          setRevoking({ key, open: false });
          removed(key.id);
          setStatus(`Revoked “${key.label}”: programs using it are refused from now on.`);
          // Its Revoke button is gone: the focus goes back to the top of the section.
          heading.current?.focus();
        }}
      />
    </section>
  );
}

/** What keys are for, while there are none. */
function NoKeys() {
  return (
    <p className="account-summary">
      No API keys yet. A key lets a trading program of yours call the exchange as you, within what
      you allow it (read, trade, withdraw), without your password. How a program signs its requests
      is in the documentation, under “Trading programs”.
    </p>
  );
}
