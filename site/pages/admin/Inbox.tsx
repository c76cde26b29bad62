/**
 * The staff inbox: one row per client dialog, pinned first then by last message, with "Seen"
 * beside the preview when the last message is a staff reply the client has read.
 */

import { relativeTimeSince } from '../../../core/format/index.ts';
import type { SupportDialogSummary } from '../../../core/protocol/index.ts';
import { previewText } from '../../../core/supportChat.ts';

/** The list, with the open dialog marked. */
export function Inbox({
  dialogs,
  selectedId,
  onSelect,
  now,
}: {
  dialogs: readonly SupportDialogSummary[];
  selectedId: number | null;
  onSelect: (userId: number) => void;
  now: number;
}) {
  if (dialogs.length === 0) {
    return <p className="admin-muted">No client has written to support yet.</p>;
  }
  return (
    <ul className="admin-inbox" aria-label="Client dialogs">
      {dialogs.map((dialog) => {
        const { record } = dialog;
        // The open dialog is being read right now, whatever the last list said.
        const unread = record.id === selectedId ? 0 : dialog.unread;
        const name = record.login || record.email || `Client #${record.id}`;
        return (
          <li key={record.id} data-testid="inbox-row" data-user-id={record.id}>
            <button
              type="button"
              className="admin-inbox-row"
              aria-current={record.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(record.id)}
            >
              <span className="admin-inbox-top">
                <span className="admin-inbox-name">{name}</span>
                {dialog.isPinned && <span className="admin-tag">Pinned</span>}
                <span className="admin-tag">{dialog.isVisitor ? 'Visitor' : 'User'}</span>
                {unread > 0 && (
                  <span className="admin-unread" data-testid="inbox-unread">
                    {unread}
                    <span className="visually-hidden"> unread</span>
                  </span>
                )}
              </span>
              <span className="admin-inbox-bottom">
                <span className="admin-inbox-preview">
                  {dialog.lastMessage ? previewText(dialog.lastMessage) : 'No messages yet'}
                </span>
                {dialog.lastMessage && !dialog.lastMessage.isOut && dialog.seen && (
                  <span className="admin-inbox-seen" data-testid="inbox-seen">
                    Seen
                  </span>
                )}
                {dialog.lastMessage && (
                  <time dateTime={dialog.lastMessage.createdAt}>
                    {relativeTimeSince(dialog.lastMessage.createdAt, now)}
                  </time>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
