/**
 * "Withdraw only to saved addresses": a switch whose change is confirmed in a dialog, with the
 * two-factor code when two-factor is on. Turning it off pauses withdrawals for 24 hours, and the
 * dialog says so before the person confirms.
 */
import { useId } from 'react';
import type { AddressBook } from '../../../core/index.ts';
import { Switch } from '../../components/Switch.tsx';
import { OnlySavedDialog } from './OnlySavedDialog.tsx';
import { useOnlySavedChange } from './useOnlySavedChange.ts';

/** The switch and its dialog; `onChanged` gets the book and what to announce. */
export function OnlySavedSwitch({
  onlySaved,
  onChanged,
}: {
  onlySaved: boolean;
  onChanged: (book: AddressBook, message: string) => void;
}) {
  const id = useId();
  const turningOn = !onlySaved;
  const change = useOnlySavedChange(turningOn, onChanged);

  return (
    <div className="only-saved">
      <Switch
        checked={onlySaved}
        describedBy={`${id}-explain`}
        onClick={() => change.setOpen(true)}
      >
        Withdraw only to saved addresses
      </Switch>
      <p className="field-hint" id={`${id}-explain`}>
        When on, withdrawals go only to addresses saved here at least 24 hours earlier, so someone
        who gets into your account cannot send your funds to an address of their own. Turning it off
        pauses withdrawals for 24 hours.
      </p>
      <OnlySavedDialog prefix={id} turningOn={turningOn} change={change} />
    </div>
  );
}
