/**
 * "Withdraw only to saved addresses": a switch whose change is confirmed in a dialog, with the
 * two-factor code when two-factor is on. Turning it off pauses withdrawals for 24 hours, and the
 * dialog says so before the person confirms.
 */
import { type FormEvent, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type AddressBook, call, user } from '../../../core/index.ts';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { Switch } from '../../components/Switch.tsx';

/** The switch and its dialog; `onChanged` gets the book and what to announce. */
export function OnlySavedSwitch({
  onlySaved,
  onChanged,
}: {
  onlySaved: boolean;
  onChanged: (book: AddressBook, message: string) => void;
}) {
  const id = useId();
  const { is2FA } = useSnapshot(user);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const turningOn = !onlySaved;

  const close = () => {
    setCode('');
    setCodeError('');
    setError('');
    setOpen(false);
  };

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (is2FA && code.trim() === '') {
      setCodeError('Enter the code from your authenticator app, or a recovery code.');
      return;
    }
    setCodeError('');
    setError('');
    setPending(true);
    const reply = await call('addressBook.setOnlySaved', {
      onlySaved: turningOn,
      ...(is2FA ? { code: code.trim() } : {}),
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    close();
    onChanged(
      { addresses: reply.addresses, onlySaved: reply.onlySaved },
      reply.onlySaved
        ? 'Withdrawals now go only to your saved addresses.'
        : 'Withdrawals may go to any address after a 24-hour pause.',
    );
  }

  return (
    <div className="only-saved">
      <Switch checked={onlySaved} describedBy={`${id}-explain`} onClick={() => setOpen(true)}>
        Withdraw only to saved addresses
      </Switch>
      <p className="field-hint" id={`${id}-explain`}>
        When on, withdrawals go only to addresses saved here at least 24 hours earlier, so someone
        who gets into your account cannot send your funds to an address of their own. Turning it off
        pauses withdrawals for 24 hours.
      </p>
      <Modal
        open={open}
        title={
          turningOn
            ? 'Withdraw only to saved addresses?'
            : 'Allow withdrawals to any address again?'
        }
        onClose={close}
      >
        <form className="sign-form" onSubmit={(event) => void confirm(event)} noValidate>
          {turningOn ? (
            <p>
              From now on, withdrawals go only to your saved addresses, each once 24 hours have
              passed since it was saved.
            </p>
          ) : (
            <p className="only-saved-warning">
              <strong>Withdrawals pause for 24 hours</strong> when you turn this off. After that,
              they can go to any address.
            </p>
          )}
          {is2FA && (
            <div className="field">
              <label htmlFor={`${id}-code`}>Two-factor code</label>
              <input
                id={`${id}-code`}
                data-autofocus
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${id}-code-error` : undefined}
              />
              {codeError && (
                <p className="field-error" id={`${id}-code-error`}>
                  {codeError}
                </p>
              )}
            </div>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
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
            <button type="button" className="button secondary" disabled={pending} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
