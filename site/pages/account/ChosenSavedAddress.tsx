/** The saved address picked in the withdrawal form, shown in full, with "needs no tag" where asked. */
import type { SavedAddress } from '../../../core/index.ts';
import { fieldAria } from '../../components/fieldAria.ts';
import type { WithdrawFields } from './withdrawForm.ts';

/**
 * The address and its tag; when it was saved without a tag on a network that has them, the
 * checkbox that confirms the receiving wallet needs none, asked again at each withdrawal.
 */
export function ChosenSavedAddress({
  chosen,
  tagName,
  withoutTag,
  tagError,
  tagErrorId,
  onPick,
}: {
  chosen: SavedAddress;
  tagName: string | null;
  withoutTag: boolean;
  tagError: string | undefined;
  tagErrorId: string;
  onPick: (patch: Partial<WithdrawFields>) => void;
}) {
  return (
    <>
      <p className="field-hint tx-hash" data-testid="saved-address-chosen">
        {chosen.address}
        {chosen.tag !== null && ` (${tagName ?? 'Tag'}: ${chosen.tag})`}
      </p>
      {chosen.tag === null && tagName !== null && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={withoutTag}
            onChange={(event) => onPick({ withoutTag: event.target.checked })}
            {...fieldAria(tagError, tagErrorId)}
          />{' '}
          The receiving wallet needs no {tagName.toLowerCase()}
        </label>
      )}
    </>
  );
}
