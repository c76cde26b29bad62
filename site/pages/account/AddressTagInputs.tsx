/** A destination's address and, where its network has one, its tag: the add-address and withdrawal forms share them. */
import type { ReactNode } from 'react';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The address field, then the tag field when `tagLabel` is not null, with `afterTag` under its input. */
export function AddressTagInputs({
  prefix,
  fields,
  errors,
  tagLabel,
  afterTag,
  onEdit,
}: {
  /** The form's id prefix: the inputs are `${prefix}-address` and `${prefix}-tag`. */
  prefix: string;
  fields: { address: string; tag: string };
  errors: { address?: string | undefined; tag?: string | undefined };
  tagLabel: string | null;
  afterTag?: ReactNode;
  onEdit: (patch: { address: string } | { tag: string }) => void;
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
      {tagLabel !== null && (
        <div className="field">
          <label htmlFor={`${prefix}-tag`}>{tagLabel}</label>
          <input
            id={`${prefix}-tag`}
            inputMode="numeric"
            autoComplete="off"
            value={fields.tag}
            onChange={(event) => onEdit({ tag: event.target.value })}
            {...fieldAria(errors.tag, `${prefix}-tag-error`)}
          />
          {afterTag}
          <FieldError id={`${prefix}-tag-error`} message={errors.tag} />
        </div>
      )}
    </>
  );
}
