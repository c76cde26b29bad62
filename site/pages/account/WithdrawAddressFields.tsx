/** The withdrawal form's typed address, and its tag where the network has one. */
import { AddressTagInputs } from './AddressTagInputs.tsx';
import type { WithdrawErrors, WithdrawFields } from './withdrawForm.ts';

/** The address field, then the tag field with "needs no tag" when `tagName` is not null. */
export function WithdrawAddressFields(props: {
  /** The form's id prefix: the inputs are `${prefix}-address` and `${prefix}-tag`. */
  prefix: string;
  fields: WithdrawFields;
  errors: WithdrawErrors;
  tagName: string | null;
  onEdit: (patch: Partial<WithdrawFields>) => void;
}) {
  const { tagName, fields, onEdit, ...rest } = props;
  const needsNoTag = tagName !== null && (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={fields.withoutTag}
        onChange={(event) => onEdit({ withoutTag: event.target.checked })}
      />{' '}
      The receiving wallet needs no {tagName.toLowerCase()}
    </label>
  );
  return (
    <AddressTagInputs
      {...rest}
      fields={fields}
      onEdit={onEdit}
      tagLabel={tagName}
      afterTag={needsNoTag}
    />
  );
}
