/**
 * The withdrawal page's address book: the switch that limits withdrawals to saved addresses, the
 * saved addresses (each usable a day after it was saved) with a confirmed Remove, and the form that
 * saves a new one. Successes are announced politely; refusals are shown as the server words them.
 */
import { type Ref, useId, useRef, useState } from 'react';
import type { SavedAddress } from '../../../core/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { AddSavedAddressForm } from './AddSavedAddressForm.tsx';
import type { BookNetwork } from './addressBook.ts';
import { OnlySavedSwitch } from './OnlySavedSwitch.tsx';
import { RemoveAddressDialog } from './RemoveAddressDialog.tsx';
import { SavedAddressList } from './SavedAddressList.tsx';
import type { AddressBookHandle } from './useAddressBook.ts';
import './profile.css';
import './addressBook.css';

/** The section, below the withdrawal form. */
export function AddressBookSection({
  handle,
  networks,
  preferredNetwork,
  labelRef,
}: {
  handle: AddressBookHandle;
  networks: readonly BookNetwork[];
  /** The withdrawal form's network: the add form starts on it. */
  preferredNetwork: string;
  labelRef: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const { load, now } = handle;
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<{ saved: SavedAddress | null; open: boolean }>({
    saved: null,
    open: false,
  });
  const networkName = (network: string) =>
    networks.find((n) => n.network === network)?.name ?? network;

  return (
    <section className="settings-section address-book" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Address book
      </h2>
      <p className="form-success" role="status">
        {status}
      </p>
      {load.state === 'loading' && <Loader label="Loading your address book" />}
      {load.state === 'error' && <LoadError message={load.message} onRetry={handle.reload} />}
      {load.state === 'ready' && (
        <>
          <OnlySavedSwitch
            onlySaved={load.value.onlySaved}
            onChanged={(book, message) => {
              handle.show(book);
              setStatus(message);
            }}
          />
          <SavedAddressList
            addresses={load.value.addresses}
            networks={networks}
            now={now}
            onRemove={(saved) => {
              setStatus('');
              setRemoving({ saved, open: true });
            }}
          />
          <AddSavedAddressForm
            networks={networks}
            preferredNetwork={preferredNetwork}
            labelRef={labelRef}
            onAdded={handle.added}
          />
          <RemoveAddressDialog
            saved={removing.saved}
            open={removing.open}
            networkName={networkName(removing.saved?.network ?? '')}
            onlySaved={load.value.onlySaved}
            onClose={() => setRemoving({ ...removing, open: false })}
            onRemoved={(book, removed) => {
              setRemoving({ saved: removed, open: false });
              handle.show(book);
              setStatus(`Removed “${removed.label}”.`);
              // Its Remove button is gone: the focus goes back to the top of the section.
              heading.current?.focus();
            }}
          />
        </>
      )}
    </section>
  );
}
