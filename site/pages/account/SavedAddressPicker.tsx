/**
 * The withdrawal form's "Saved address" select: picking one fills the address and its tag. When
 * the account withdraws only to saved addresses it is the only way to give an address, and the
 * ones still in their first day cannot be picked.
 */
import { useId } from 'react';
import type { AddressBook } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { findSaved } from './addressBook.ts';
import { ChosenSavedAddress } from './ChosenSavedAddress.tsx';
import { SavedAddressSelect } from './SavedAddressSelect.tsx';
import type { WithdrawErrors, WithdrawFields } from './withdrawForm.ts';

/** The select, or nothing when there is nothing to pick and typing is allowed. */
export function SavedAddressPicker({
  book,
  network,
  tagName,
  fields,
  now,
  errors,
  errorId,
  onPick,
  onAddNew,
}: {
  /** The address book, or null until it is read. */
  book: AddressBook | null;
  network: string;
  tagName: string | null;
  fields: WithdrawFields;
  now: number;
  /** The form's messages: those about the address and its tag show here when it is picked. */
  errors: WithdrawErrors;
  /** The id the page gives a field's message (`address`, `tag`). */
  errorId: (field: 'address' | 'tag') => string;
  onPick: (patch: Partial<WithdrawFields>) => void;
  /** Takes the person to the form that saves a new address. */
  onAddNew: () => void;
}) {
  const id = useId();
  if (book === null) return null;
  const { onlySaved } = book;
  const saved = book.addresses.filter((a) => a.network === network);
  if (!onlySaved && saved.length === 0) return null;
  const chosen = findSaved(saved, network, fields.address, fields.tag);
  const addressError = onlySaved ? errors.address : undefined;
  const tagError = onlySaved && chosen ? errors.tag : undefined;
  const aria = fieldAria(addressError, errorId('address'), onlySaved ? `${id}-only` : undefined);

  return (
    <div className="field">
      {onlySaved && (
        <p className="field-hint" id={`${id}-only`}>
          Withdrawals go only to your saved addresses.
        </p>
      )}
      {saved.length > 0 && (
        <SavedAddressSelect
          id={`${id}-saved`}
          saved={saved}
          chosen={chosen}
          onlySaved={onlySaved}
          tagName={tagName}
          now={now}
          aria={aria}
          onPick={onPick}
        />
      )}
      {onlySaved && chosen && (
        <ChosenSavedAddress
          chosen={chosen}
          tagName={tagName}
          withoutTag={fields.withoutTag}
          tagError={tagError}
          tagErrorId={errorId('tag')}
          onPick={onPick}
        />
      )}
      {onlySaved && saved.length === 0 && (
        <p className="field-hint">No address is saved for this network yet.</p>
      )}
      <FieldError id={errorId('address')} message={addressError} />
      <FieldError id={errorId('tag')} message={tagError} />
      {onlySaved && (
        <div>
          <button type="button" className="button secondary" onClick={onAddNew}>
            Add an address
          </button>
        </div>
      )}
    </div>
  );
}
