/** The add-address form's address, and its tag where the network has one. */
import { AddressTagInputs } from './AddressTagInputs.tsx';
import type { SavedAddressErrors, SavedAddressFields } from './addressBook.ts';

/** The address field, then the tag field when `tagName` is not null. */
export function SavedAddressInputs(props: {
  /** The form's id prefix: the inputs are `${prefix}-address` and `${prefix}-tag`. */
  prefix: string;
  fields: SavedAddressFields;
  errors: SavedAddressErrors;
  tagName: string | null;
  onEdit: (patch: Partial<SavedAddressFields>) => void;
}) {
  const { tagName, ...rest } = props;
  return (
    <AddressTagInputs
      {...rest}
      tagLabel={tagName === null ? null : `${tagName} (if the receiving wallet needs one)`}
    />
  );
}
