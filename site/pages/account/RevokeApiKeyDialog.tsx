/** Revoking an API key, after a confirmation that names the key. */
import { useState } from 'react';
import { type ApiKeyInfo, call } from '../../../core/index.ts';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { ConfirmActions } from '../../components/ConfirmActions.tsx';
import { KIND_NAMES } from './ApiKeyList.tsx';

/** The dialog for `apiKey`, shown while `open`; `onRevoked` hears once the server has revoked it. */
export function RevokeApiKeyDialog({
  apiKey,
  open,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeyInfo | null;
  open: boolean;
  onClose: () => void;
  onRevoked: (revoked: ApiKeyInfo) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  if (apiKey === null) return null;

  const close = () => {
    setError('');
    onClose();
  };

  async function revoke(target: ApiKeyInfo) {
    setPending(true);
    setError('');
    const reply = await call('apiKeys.revoke', { id: target.id });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setError('');
    onRevoked(target);
  }

  return (
    <Modal open={open} title={`Revoke the key “${apiKey.label}”?`} onClose={close}>
      <div className="api-key-revoke">
        <dl className="api-key-terms">
          <dt>Label</dt>
          <dd>{apiKey.label}</dd>
          <dt>Kind</dt>
          <dd>{KIND_NAMES[apiKey.kind]}</dd>
          <dt>Key id</dt>
          <dd className="tx-hash">{apiKey.id}</dd>
        </dl>
        <p>
          Programs using this key are refused from their next request. This cannot be undone: a
          program that should go on needs a new key.
        </p>
        <ConfirmActions
          error={error}
          pending={pending}
          action="Revoke key"
          running="Revoking…"
          onConfirm={() => void revoke(apiKey)}
          onCancel={close}
        />
      </div>
    </Modal>
  );
}
