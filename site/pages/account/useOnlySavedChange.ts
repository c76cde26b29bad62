/** The "withdraw only to saved addresses" dialog's state and its confirmation. */
import { type FormEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { errorText } from '../../../core/errors/index.ts';
import { type AddressBook, call, user } from '../../../core/index.ts';

/**
 * Whether the dialog is open, the code typed and the messages, with `confirm` (turns the switch
 * to `turningOn`) and `close`; `onChanged` gets the book and what to announce.
 */
export function useOnlySavedChange(
  turningOn: boolean,
  onChanged: (book: AddressBook, message: string) => void,
) {
  const { is2FA } = useSnapshot(user);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const close = () => {
    setCode('');
    setCodeError('');
    setError('');
    setOpen(false);
  };

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (is2FA && code.trim() === '') {
      setCodeError(errorText('addressBook.codeRequired'));
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

  return { is2FA, open, setOpen, code, setCode, codeError, error, pending, close, confirm };
}

/** What `useOnlySavedChange` hands the switch and its dialog. */
export type OnlySavedChange = ReturnType<typeof useOnlySavedChange>;
