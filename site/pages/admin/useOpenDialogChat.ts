/** The chat of the dialog staff have open, over the page's one staff socket. */
import { type RefObject, useEffect, useState } from 'react';
import { call, setSupportUser, setSupportVariables } from '../../../core/index.ts';
import { createSupportChat, type SupportChat } from '../../../core/supportChat.ts';
import type { SupportConnection } from '../../../core/supportSocket.ts';

/**
 * A chat instance for the client `selectedId`, made afresh for each client and kept in
 * `chatRef` for the socket; the client's record and variables go to the store while it is open.
 */
export function useOpenDialogChat(
  selectedId: number | null,
  connectionRef: RefObject<SupportConnection | null>,
  chatRef: RefObject<SupportChat | null>,
): SupportChat | null {
  const [chat, setChat] = useState<SupportChat | null>(null);
  useEffect(() => {
    const connection = connectionRef.current;
    if (selectedId === null || connection === null) return;
    const readDialog = () => call('support.getDialog', { userId: selectedId });
    const next = createSupportChat({
      userId: selectedId,
      loadHistory: async () => {
        const reply = await readDialog();
        if (!reply.status) return { status: false, error_msg: reply.error_msg };
        setSupportUser(reply.record);
        setSupportVariables(reply.variables);
        return { status: true, messages: reply.messages, unread: 0, seen: reply.seen };
      },
      // Reading the dialog is what marks it read for staff.
      markRead: readDialog,
    });
    next.connect(connection);
    next.setStatus(connection.status);
    next.setOpen(true);
    chatRef.current = next;
    setChat(next);
    void next.loadHistory();
    return () => {
      next.dispose();
      if (chatRef.current === next) chatRef.current = null;
      setSupportUser(null);
      setSupportVariables(null);
    };
  }, [selectedId, connectionRef, chatRef]);
  return chat;
}
