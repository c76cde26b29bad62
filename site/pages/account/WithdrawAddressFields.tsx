/** The withdrawal form's typed address, and its tag where the network has one. */
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import type { WithdrawErrors, WithdrawFields } from './withdrawForm.ts';

/** The address field, then the tag field with "needs no tag" when `tagName` is not null. */
export function WithdrawAddressFields({
  prefix,
  fields,
  errors,
  tagName,
  onEdit,
}: {
  /** The form's id prefix: the inputs are `${prefix}-address` and `${prefix}-tag`. */
  prefix: string;
  fields: WithdrawFields;
  errors: WithdrawErrors;
  tagName: string | null;
  onEdit: (patch: Partial<WithdrawFields>) => void;
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
          <label htmlFor={`${prefix}-tag`}>{tagName}</label>
          <input
            id={`${prefix}-tag`}
            inputMode="numeric"
            autoComplete="off"
            value={fields.tag}
            onChange={(event) => onEdit({ tag: event.target.value })}
            {...fieldAria(errors.tag, `${prefix}-tag-error`)}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={fields.withoutTag}
              onChange={(event) => onEdit({ withoutTag: event.target.checked })}
            />{' '}
            The receiving wallet needs no {tagName.toLowerCase()}
          </label>
          <FieldError id={`${prefix}-tag-error`} message={errors.tag} />
        </div>
      )}
    </>
  );
}
