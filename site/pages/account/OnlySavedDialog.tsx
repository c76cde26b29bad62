/**
 * The dialog that confirms a change of "withdraw only to saved addresses": what the change does
 * (turning it off pauses withdrawals for 24 hours) and the two-factor code when two-factor is on.
 */
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';
import type { OnlySavedChange } from './useOnlySavedChange.ts';

/** The dialog, for turning the switch on when `turningOn`, else off. */
export function OnlySavedDialog({
  prefix,
  turningOn,
  change,
}: {
  /** The switch's id prefix: the code field is `${prefix}-code`. */
  prefix: string;
  turningOn: boolean;
  change: OnlySavedChange;
}) {
  const { is2FA, pending } = change;
  return (
    <Modal
      open={change.open}
      title={
        turningOn ? 'Withdraw only to saved addresses?' : 'Allow withdrawals to any address again?'
      }
      onClose={change.close}
    >
      <form className="sign-form" onSubmit={(event) => void change.confirm(event)} noValidate>
        {turningOn ? (
          <p>
            From now on, withdrawals go only to your saved addresses, each once 24 hours have passed
            since it was saved.
          </p>
        ) : (
          <p className="only-saved-warning">
            <strong>Withdrawals pause for 24 hours</strong> when you turn this off. After that, they
            can go to any address.
          </p>
        )}
        {is2FA && (
          <TwoFactorCodeField
            prefix={prefix}
            value={change.code}
            error={change.codeError}
            autoFocus
            onChange={change.setCode}
          />
        )}
        {change.error && (
          <p className="form-error" role="alert">
            {change.error}
          </p>
        )}
        <div className="button-row">
          <button
            type="submit"
            className="button"
            data-autofocus={is2FA ? undefined : true}
            disabled={pending}
          >
            {pending ? 'Please wait…' : turningOn ? 'Turn on' : 'Turn off and pause withdrawals'}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={change.close}
          >
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
