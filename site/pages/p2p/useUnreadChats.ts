/** Which trades' chats, closed on the page, have a message from someone else. */
import { useCallback, useState } from 'react';

/** The unread trade ids, `markUnread` for news and `seen` once a chat is shown. */
export function useUnreadChats() {
  const [unread, setUnread] = useState<ReadonlySet<number>>(new Set());
  const markUnread = useCallback(
    (tradeId: number) => setUnread((now) => new Set(now).add(tradeId)),
    [],
  );
  const seen = useCallback(
    (tradeId: number) =>
      setUnread((now) => {
        const next = new Set(now);
        next.delete(tradeId);
        return next;
      }),
    [],
  );
  return { unread, markUnread, seen };
}
