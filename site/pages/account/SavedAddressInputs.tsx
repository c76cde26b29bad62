/** The add-address form's address, and its tag where the network has one. */
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import type { SavedAddressErrors, SavedAddressFields } from './addressBook.ts';

/** The address field, then the tag field when `tagName` is not null. */
export function SavedAddressInputs({
  prefix,
  fields,
  errors,
  tagName,
  onEdit,
}: {
  /** The form's id prefix: the inputs are `${prefix}-address` and `${prefix}-tag`. */
  prefix: string;
  fields: SavedAddressFields;
  errors: SavedAddressErrors;
  tagName: string | null;
  onEdit: (patch: Partial<SavedAddressFields>) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-address`}>Address</label>
        <input
          id={`${prefix}-address`}
          autoComplete="off"
          spellCheck={false}
          value={fields.address}
          onChange={(event) => onEdit({ address: event.target.value })}
          {...fieldAria(errors.address, `${prefix}-address-error`)}
        />
        <FieldError id={`${prefix}-address-error`} message={errors.address} />
      </div>
      {tagName !== null && (
        <div className="field">
          <label htmlFor={`${prefix}-tag`}>{tagName} (if the receiving wallet needs one)</label>
          <input
            id={`${prefix}-tag`}
            inputMode="numeric"
            autoComplete="off"
            value={fields.tag}
            onChange={(event) => onEdit({ tag: event.target.value })}
            {...fieldAria(errors.tag, `${prefix}-tag-error`)}
          />
          <FieldError id={`${prefix}-tag-error`} message={errors.tag} />
        </div>
      )}
    </>
  );
}
