/** Staff's actions on the open client: pin or unpin the dialog, set or clear an account flag. */
import { useState } from 'react';
import {
  call,
  type StaffSettableFlag,
  setSupportUser,
  supportClient,
  togglePinnedDialog,
} from '../../../core/index.ts';

/** `pin` and `setFlag` for client `selectedId`; `busy` names the action under way, if any. */
export function useClientActions(selectedId: number | null, refresh: () => Promise<void>) {
  const [busy, setBusy] = useState<string | null>(null);

  const pin = async (pinned: boolean) => {
    if (selectedId === null) return;
    setBusy('pin');
    const reply = await call('support.pinDialog', { userId: selectedId, pinned }, { notify: true });
    setBusy(null);
    if (!reply.status) return;
    if (supportClient.isPinnedDialog !== pinned) togglePinnedDialog();
    await refresh();
  };

  const setFlag = async (flag: StaffSettableFlag, value: boolean) => {
    if (selectedId === null) return;
    setBusy(flag);
    const reply = await call(
      'support.setUserFlag',
      { userId: selectedId, flag, value },
      { notify: true },
    );
    setBusy(null);
    if (reply.status) setSupportUser(reply.record);
  };

  return { busy, pin, setFlag };
}
