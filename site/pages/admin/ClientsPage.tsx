/**
 * The staff Dashboard at /account/admin/clients: the
 * inbox, the open client's dialog in the shared chat panel (staff side), the client's record with
 * pin/unpin and account flags, and canned replies. One staff socket serves every dialog; the
 * open client's record, variables and pin state live in the store's supportClient slice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  apiBaseUrl,
  call,
  resetSupportClient,
  type StaffSettableFlag,
  type SupportDialogSummary,
  setSupportUser,
  setSupportVariables,
  setUnreadMessages,
  supportClient,
  togglePinnedDialog,
} from '../../../core/index.ts';
import { createSupportChat, type SupportChat } from '../../../core/supportChat.ts';
import { connectSupport, type SupportConnection } from '../../../core/supportSocket.ts';
import { SupportPanel } from '../../../widgets/support-chat/SupportPanel.tsx';
import { useNow } from '../../../widgets/support-chat/useNow.ts';
import { socketTicket } from '../../support/socketTicket.ts';
import { ClientRecordPanel } from './ClientRecordPanel.tsx';
import { CANNED_REPLIES, fillReply } from './cannedReplies.ts';
import { DashboardNav } from './DashboardNav.tsx';
import { Inbox } from './Inbox.tsx';
import { StaffOnly } from './StaffOnly.tsx';

const styles = `
.admin-dashboard { display: grid; gap: 1rem; grid-template-columns: minmax(220px, 300px) minmax(0, 1fr) minmax(240px, 320px); align-items: start; }
@media (max-width: 1199px) { .admin-dashboard { grid-template-columns: 1fr; } }
.admin-column { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.admin-chat { height: min(640px, 75vh); }
.admin-inbox { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.4rem; max-height: 75vh; overflow-y: auto; }
.admin-inbox-row { width: 100%; text-align: left; display: flex; flex-direction: column; gap: 0.2rem; padding: 0.6rem 0.7rem; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); color: var(--text); font: inherit; cursor: pointer; }
.admin-inbox-row[aria-current="true"] { border-color: var(--accent); }
.admin-inbox-top, .admin-inbox-bottom { display: flex; align-items: center; gap: 0.4rem; min-width: 0; }
.admin-inbox-name { font-weight: 700; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.admin-inbox-preview { flex: 1; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 0.875rem; }
.admin-inbox-bottom time { color: var(--muted); font-size: 0.75rem; }
.admin-tag { font-size: 0.75rem; padding: 0 0.4rem; border: 1px solid var(--border); border-radius: 999px; color: var(--muted); }
.admin-unread { min-width: 1.4rem; padding: 0 0.35rem; border-radius: 999px; background: #d93025; color: #fff; font-size: 0.8rem; text-align: center; }
.admin-muted { color: var(--muted); }
.admin-record, .admin-canned { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.8rem; background: var(--surface); }
.admin-record-head { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; }
.admin-record-head h2, .admin-canned h2 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
.admin-fields { display: grid; grid-template-columns: 1fr; gap: 0.3rem; margin: 0.7rem 0; font-size: 0.875rem; }
.admin-fields div { display: flex; justify-content: space-between; gap: 0.5rem; }
.admin-fields dt { color: var(--muted); }
.admin-fields dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.admin-flags { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 0.3rem; }
.admin-flags legend { font-weight: 700; margin-bottom: 0.3rem; }
.admin-flag { display: flex; align-items: center; gap: 0.5rem; }
.admin-flag input { width: 1.1rem; height: 1.1rem; accent-color: var(--accent); }
.admin-canned ul { list-style: none; margin: 0.5rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
`;

/** The page: the Dashboard for staff, a clear refusal for everyone else. */
export default function ClientsPage() {
  return (
    <StaffOnly>
      <Dashboard />
    </StaffOnly>
  );
}

function Dashboard() {
  const [dialogs, setDialogs] = useState<SupportDialogSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [chat, setChat] = useState<SupportChat | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const connectionRef = useRef<SupportConnection | null>(null);
  const chatRef = useRef<SupportChat | null>(null);
  const chatHost = useRef<HTMLDivElement>(null);
  const client = useSnapshot(supportClient);
  const now = useNow();

  const refresh = useCallback(async () => {
    const reply = await call('support.getDialogs', {});
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setError(null);
    setDialogs(reply.dialogs);
    const open = chatRef.current?.userId ?? null;
    setUnreadMessages(
      reply.dialogs.reduce((sum, row) => sum + (row.record.id === open ? 0 : row.unread), 0),
    );
  }, []);

  // One staff socket for the page: messages go to the open dialog, and every message
  // re-reads the inbox so its order and unread counts follow.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 250);
    };
    const connection = connectSupport({
      baseUrl: apiBaseUrl(),
      getTicket: socketTicket,
      onMessage: (message) => {
        chatRef.current?.receive(message);
        if (message.type === 'SUPPORT_NEW_MESSAGE' || message.type === 'SUPPORT_SEND_MESSAGE') {
          refreshSoon();
        }
      },
      onStatus: (status) => chatRef.current?.setStatus(status),
      onReconnect: () => {
        void refresh();
        void chatRef.current?.loadHistory();
      },
    });
    connectionRef.current = connection;
    void refresh();
    return () => {
      clearTimeout(timer);
      connection.close();
      connectionRef.current = null;
      resetSupportClient();
    };
  }, [refresh]);

  // The open dialog: its own chat instance, its record and variables in the store.
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
        return { status: true, messages: reply.messages, unread: 0 };
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
  }, [selectedId]);

  const select = (userId: number) => {
    const row = dialogs?.find((dialog) => dialog.record.id === userId);
    if (row && row.isPinned !== supportClient.isPinnedDialog) togglePinnedDialog();
    setSelectedId(userId);
  };

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

  const insertReply = (text: string) => {
    if (!chat) return;
    chat.setDraft(fillReply(text, supportClient.variables));
    chatHost.current?.querySelector('textarea')?.focus();
  };

  const record = client.items;
  const name = record?.login || record?.email || `client #${selectedId}`;
  const chatName = record?.isVisitor ? `${name} (visitor)` : name;
  return (
    <section className="page">
      <style>{styles}</style>
      <DashboardNav />
      <h1>Clients</h1>
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-dashboard">
        <div className="admin-column">
          <h2 className="visually-hidden">Inbox</h2>
          {dialogs === null ? (
            <p className="admin-muted">Loading dialogs…</p>
          ) : (
            <Inbox dialogs={dialogs} selectedId={selectedId} onSelect={select} now={now} />
          )}
        </div>
        <div className="admin-column admin-chat" ref={chatHost}>
          {chat && chat.userId === selectedId ? (
            <SupportPanel
              key={selectedId}
              chat={chat}
              side="staff"
              title={`Chat with ${chatName}`}
              otherName={record?.login || 'Client'}
              baseUrl={apiBaseUrl()}
            />
          ) : (
            <p className="admin-muted">Choose a dialog to read and answer it.</p>
          )}
        </div>
        <div className="admin-column">
          {record && chat ? (
            <>
              <ClientRecordPanel
                record={record}
                isPinned={client.isPinnedDialog}
                busy={busy}
                onPin={(pinned) => void pin(pinned)}
                onFlag={(flag, value) => void setFlag(flag, value)}
              />
              <section className="admin-canned" aria-label="Canned replies">
                <h2>Canned replies</h2>
                <ul>
                  {CANNED_REPLIES.map((reply) => (
                    <li key={reply.label}>
                      <button
                        type="button"
                        className="button secondary"
                        title={fillReply(reply.text, client.variables)}
                        onClick={() => insertReply(reply.text)}
                      >
                        {reply.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
