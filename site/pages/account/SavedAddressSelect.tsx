/** The "Saved address" select of the withdrawal form: picking one fills the address and its tag. */
import { formatLocalDateTime, type SavedAddress } from '../../../core/index.ts';
import type { FieldAria } from '../../components/fieldAria.ts';
import { isUsable, shortAddress } from './addressBook.ts';
import type { WithdrawFields } from './withdrawForm.ts';

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

/** The label and select of `saved`; when `onlySaved`, those still in their first day are disabled. */
export function SavedAddressSelect({
  id,
  saved,
  chosen,
  onlySaved,
  tagName,
  now,
  aria,
  onPick,
}: {
  id: string;
  saved: readonly SavedAddress[];
  chosen: SavedAddress | undefined;
  onlySaved: boolean;
  tagName: string | null;
  now: number;
  /** Whether it is invalid, and what describes it (the "only saved" hint, the message). */
  aria: FieldAria;
  onPick: (patch: Partial<WithdrawFields>) => void;
}) {
  return (
    <>
      <label htmlFor={id}>Saved address</label>
      <select
        id={id}
        className="saved-address-select"
        value={chosen ? String(chosen.id) : ''}
        onChange={(event) =>
          onPick(pickedFields(saved.find((a) => String(a.id) === event.target.value)))
        }
        {...aria}
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
  );
}
