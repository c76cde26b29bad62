/** The staff inbox: every support dialog with its unread count, and the header's unread total. */
import { type RefObject, useCallback, useState } from 'react';
import { call, type SupportDialogSummary, setUnreadMessages } from '../../../core/index.ts';
import type { SupportChat } from '../../../core/supportChat.ts';

/** The dialogs (null while they load), the last refusal, and `refresh` to read them again. */
export function useSupportDialogs(chatRef: RefObject<SupportChat | null>) {
  const [dialogs, setDialogs] = useState<SupportDialogSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const reply = await call('support.getDialogs', {});
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setError(null);
    setDialogs(reply.dialogs);
    // The open dialog is being read right now, so its messages are not counted as unread.
    const open = chatRef.current?.userId ?? null;
    setUnreadMessages(
      reply.dialogs.reduce((sum, row) => sum + (row.record.id === open ? 0 : row.unread), 0),
    );
  }, [chatRef]);

  return { dialogs, error, refresh };
}
