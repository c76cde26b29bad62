/**
 * The withdrawal page's edit step: the asset and network, a saved address or a typed one (only a
 * saved one when the account withdraws only to saved addresses), the amount and the two-factor
 * code when two-factor is on.
 */
import { useId } from 'react';
import type { AddressBook, AssetNetworks, Ticker } from '../../../core/index.ts';
import { AssetNetworkPicker } from './AssetNetworkPicker.tsx';
import { SavedAddressPicker } from './SavedAddressPicker.tsx';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';
import type { WithdrawalHandle } from './useWithdrawal.ts';
import { WithdrawAddressFields } from './WithdrawAddressFields.tsx';
import { WithdrawAmountField } from './WithdrawAmountField.tsx';
import type { WithdrawTarget } from './withdrawTarget.ts';

/** The form; submitting it checks the fields and moves on to the review. */
export function WithdrawForm({
  assets,
  target,
  withdrawal,
  book,
  now,
  onAsset,
  onNetwork,
  onAddNew,
}: {
  assets: AssetNetworks[];
  target: WithdrawTarget;
  withdrawal: WithdrawalHandle;
  book: AddressBook | null;
  now: number;
  onAsset: (asset: Ticker) => void;
  onNetwork: (network: string) => void;
  /** Takes the person to the form that saves a new address. */
  onAddNew: () => void;
}) {
  const id = useId();
  const { asset, info, terms } = target;
  const { fields, set, errors } = withdrawal;
  return (
    <form className="sign-form" onSubmit={withdrawal.review} noValidate>
      <AssetNetworkPicker
        assets={assets}
        asset={asset}
        network={info?.network ?? ''}
        onAsset={onAsset}
        onNetwork={onNetwork}
      />
      <SavedAddressPicker
        book={book}
        network={info?.network ?? ''}
        tagName={terms.tagName}
        fields={fields}
        now={now}
        errors={errors}
        errorId={(name) => `${id}-${name}-error`}
        onPick={set}
        onAddNew={onAddNew}
      />
      {!terms.onlySaved && (
        <WithdrawAddressFields
          prefix={id}
          fields={fields}
          errors={errors}
          tagName={terms.tagName}
          onEdit={set}
        />
      )}
      <WithdrawAmountField
        prefix={id}
        asset={asset}
        amount={fields.amount}
        error={errors.amount}
        terms={terms}
        onAmount={(amount) => set({ amount })}
      />
      {terms.needsCode && (
        <TwoFactorCodeField
          prefix={id}
          value={fields.code}
          error={errors.code}
          onChange={(code) => set({ code })}
        />
      )}
      <button type="submit" className="button">
        Review withdrawal
      </button>
    </form>
  );
}
