/** Removing a saved address, after a confirmation that shows which one goes. */
import { useState } from 'react';
import { type AddressBook, call, type SavedAddress } from '../../../core/index.ts';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { ConfirmActions } from '../../components/ConfirmActions.tsx';

/** The dialog for `saved`, shown while `open`; `onRemoved` gets the book without it. */
export function RemoveAddressDialog({
  saved,
  open,
  networkName,
  onlySaved,
  onClose,
  onRemoved,
}: {
  saved: SavedAddress | null;
  open: boolean;
  networkName: string;
  onlySaved: boolean;
  onClose: () => void;
  onRemoved: (book: AddressBook, removed: SavedAddress) => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  if (saved === null) return null;

  const close = () => {
    setError('');
    onClose();
  };

  async function remove(target: SavedAddress) {
    setPending(true);
    setError('');
    const reply = await call('addressBook.remove', { id: target.id });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    onRemoved({ addresses: reply.addresses, onlySaved: reply.onlySaved }, target);
  }

  return (
    <Modal open={open} title="Remove this saved address?" onClose={close}>
      <dl className="saved-address-summary">
        <dt>Name</dt>
        <dd>{saved.label}</dd>
        <dt>Network</dt>
        <dd>{networkName}</dd>
        <dt>Address</dt>
        <dd className="tx-hash">{saved.address}</dd>
        {saved.tag !== null && (
          <>
            <dt>Tag</dt>
            <dd>{saved.tag}</dd>
          </>
        )}
      </dl>
      {onlySaved && (
        <p>
          Withdrawals go only to saved addresses: saving this one again means another 24-hour wait
          before it can be used.
        </p>
      )}
      <ConfirmActions
        error={error}
        pending={pending}
        action="Remove address"
        running="Removing…"
        onConfirm={() => void remove(saved)}
        onCancel={close}
      />
    </Modal>
  );
}
