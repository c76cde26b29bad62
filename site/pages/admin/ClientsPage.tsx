/**
 * The staff Dashboard at /account/admin/clients: the
 * inbox, the open client's dialog in the shared chat panel (staff side), the client's record with
 * pin/unpin and account flags, and canned replies. One staff socket serves every dialog; the
 * open client's record, variables and pin state live in the store's supportClient slice.
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { apiBaseUrl, supportClient, togglePinnedDialog } from '../../../core/index.ts';
import type { SupportChat } from '../../../core/supportChat.ts';
import { SupportPanel } from '../../../widgets/support-chat/SupportPanel.tsx';
import { useNow } from '../../../widgets/support-chat/useNow.ts';
import { CannedReplies } from './CannedReplies.tsx';
import { ClientRecordPanel } from './ClientRecordPanel.tsx';
import { fillReply } from './cannedReplies.ts';
import { DashboardNav } from './DashboardNav.tsx';
import { DASHBOARD_STYLES } from './dashboardStyles.ts';
import { Inbox } from './Inbox.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import { useClientActions } from './useClientActions.ts';
import { useOpenDialogChat } from './useOpenDialogChat.ts';
import { useStaffSocket } from './useStaffSocket.ts';
import { useSupportDialogs } from './useSupportDialogs.ts';

/** The page: the Dashboard for staff, a clear refusal for everyone else. */
export default function ClientsPage() {
  return (
    <StaffOnly>
      <Dashboard />
    </StaffOnly>
  );
}

/** Inbox, open dialog and client record, side by side, over one staff socket. */
function Dashboard() {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const chatRef = useRef<SupportChat | null>(null);
  const chatHost = useRef<HTMLDivElement>(null);
  const client = useSnapshot(supportClient);
  const now = useNow();
  const { dialogs, error, refresh } = useSupportDialogs(chatRef);
  const connectionRef = useStaffSocket(chatRef, refresh);
  const chat = useOpenDialogChat(selectedId, connectionRef, chatRef);
  const { busy, pin, setFlag } = useClientActions(selectedId, refresh);

  const select = (userId: number) => {
    const row = dialogs?.find((dialog) => dialog.record.id === userId);
    if (row && row.isPinned !== supportClient.isPinnedDialog) togglePinnedDialog();
    setSelectedId(userId);
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
      <style>{DASHBOARD_STYLES}</style>
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
              <CannedReplies variables={client.variables} onInsert={insertReply} />
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
