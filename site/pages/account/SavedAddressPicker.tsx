/**
 * The withdrawal form's "Saved address" select: picking one fills the address and its tag. When
 * the account withdraws only to saved addresses it is the only way to give an address, and the
 * ones still in their first day cannot be picked.
 */
import { useId } from 'react';
import type { AddressBook, SavedAddress } from '../../../core/index.ts';
import { formatLocalDateTime } from '../../../core/index.ts';
import { findSaved, isUsable, shortAddress } from './addressBook.ts';
import type { WithdrawErrors, WithdrawFields } from './withdrawForm.ts';

/** What picking `saved` (or none) puts in the form. */
export function pickedFields(
  saved: SavedAddress | undefined,
): Pick<WithdrawFields, 'address' | 'tag' | 'withoutTag'> {
  // Saved without a tag where the network has one: the person still confirms the wallet needs
  // none, at each withdrawal, as when typing it.
  if (!saved) return { address: '', tag: '', withoutTag: false };
  return {
    address: saved.address,
    tag: saved.tag === null ? '' : String(saved.tag),
    withoutTag: false,
  };
}

/** What an option says: the name, the address's ends, its tag, and when it can be used. */
function optionText(saved: SavedAddress, tagName: string | null, waiting: boolean): string {
  const tag = saved.tag === null ? '' : ` · ${tagName ?? 'Tag'} ${saved.tag}`;
  const when = waiting ? ` (usable from ${formatLocalDateTime(saved.usableFrom)})` : '';
  return `${saved.label} · ${shortAddress(saved.address)}${tag}${when}`;
}

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
  const describedBy = [onlySaved ? `${id}-only` : '', addressError ? errorId('address') : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field">
      {onlySaved && (
        <p className="field-hint" id={`${id}-only`}>
          Withdrawals go only to your saved addresses.
        </p>
      )}
      {saved.length > 0 && (
        <>
          <label htmlFor={`${id}-saved`}>Saved address</label>
          <select
            id={`${id}-saved`}
            className="saved-address-select"
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) =>
              onPick(pickedFields(saved.find((a) => String(a.id) === event.target.value)))
            }
            aria-invalid={addressError ? true : undefined}
            aria-describedby={describedBy || undefined}
          >
            <option value="">
              {onlySaved ? 'Choose a saved address' : 'None: type an address below'}
            </option>
            {saved.map((a) => {
              const waiting = onlySaved && !isUsable(a, now);
              return (
                <option key={a.id} value={String(a.id)} disabled={waiting}>
                  {optionText(a, tagName, waiting)}
                </option>
              );
            })}
          </select>
        </>
      )}
      {onlySaved && chosen && (
        <p className="field-hint tx-hash" data-testid="saved-address-chosen">
          {chosen.address}
          {chosen.tag !== null && ` (${tagName ?? 'Tag'}: ${chosen.tag})`}
        </p>
      )}
      {onlySaved && saved.length === 0 && (
        <p className="field-hint">No address is saved for this network yet.</p>
      )}
      {onlySaved && chosen && chosen.tag === null && tagName !== null && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={fields.withoutTag}
            onChange={(event) => onPick({ withoutTag: event.target.checked })}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? errorId('tag') : undefined}
          />{' '}
          The receiving wallet needs no {tagName.toLowerCase()}
        </label>
      )}
      {addressError && (
        <p className="field-error" id={errorId('address')}>
          {addressError}
        </p>
      )}
      {tagError && (
        <p className="field-error" id={errorId('tag')}>
          {tagError}
        </p>
      )}
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
