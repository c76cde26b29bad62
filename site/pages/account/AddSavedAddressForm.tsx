/**
 * Saving a new address: a name, the network, the address and its tag where the network has one,
 * and the two-factor code when two-factor is on. Only the cheap checks happen here; the server
 * checks the address as it would a withdrawal's.
 */
import { type Ref, useId, useState } from 'react';
import type { SavedAddress } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { FormOutcome } from '../../components/FormOutcome.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { type BookNetwork, LABEL_MAX } from './addressBook.ts';
import { BookNetworkSelect } from './BookNetworkSelect.tsx';
import { SavedAddressInputs } from './SavedAddressInputs.tsx';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';
import { useAddSavedAddress } from './useAddSavedAddress.ts';

/** The add form; its network follows `preferredNetwork` until the person picks one. */
export function AddSavedAddressForm({
  networks,
  preferredNetwork,
  labelRef,
  onAdded,
}: {
  networks: readonly BookNetwork[];
  preferredNetwork: string;
  /** The name field, so the withdrawal form can send the person here. */
  labelRef: Ref<HTMLInputElement>;
  onAdded: (address: SavedAddress) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const network = networks.find((n) => n.network === (picked ?? preferredNetwork)) ?? networks[0];
  const { is2FA, fields, set, errors, error, done, pending, submit } = useAddSavedAddress(
    id,
    network,
    onAdded,
  );

  return (
    <form
      className="settings-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`}>Add an address</h3>
      <div className="field">
        <label htmlFor={`${id}-label`}>Name</label>
        <input
          ref={labelRef}
          id={`${id}-label`}
          autoComplete="off"
          value={fields.label}
          onChange={(event) => set({ label: event.target.value })}
          {...fieldAria(errors.label, `${id}-label-error`, `${id}-label-hint`)}
        />
        <p className="field-hint" id={`${id}-label-hint`}>
          Up to {LABEL_MAX} characters, such as “My hardware wallet”.
        </p>
        <FieldError id={`${id}-label-error`} message={errors.label} />
      </div>
      <BookNetworkSelect
        prefix={id}
        networks={networks}
        value={network?.network ?? ''}
        onPick={setPicked}
      />
      <SavedAddressInputs
        prefix={id}
        fields={fields}
        errors={errors}
        tagName={network?.tagName ?? null}
        onEdit={set}
      />
      {is2FA && (
        <TwoFactorCodeField
          prefix={id}
          value={fields.code}
          error={errors.code}
          onChange={(code) => set({ code })}
        />
      )}
      <p className="field-hint">A new address can be used 24 hours after it is saved.</p>
      <FormOutcome error={error} done={done} />
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Save address'}
        </button>
      </div>
    </form>
  );
}
