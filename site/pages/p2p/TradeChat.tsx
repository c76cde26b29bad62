/**
 * A P2P trade's chat: the support chat's panel, state and socket client, on a socket opened on
 * this trade alone (`&trade=ID`), its history from p2p.getTradeChat and its attachments uploaded
 * as receipts (purpose 'p2p'). Each message from the other side names who wrote it (Buyer,
 * Seller or Support). The trade's sides read and write it; staff join once it is disputed.
 * Each side sees "Seen" under its last message the other side has read; the chat counts as read
 * while it is shown and the page is in view (staff reading it mark nothing).
 */
import { useEffect, useId, useState } from 'react';
import { apiBaseUrl, call } from '../../../core/index.ts';
import { createSupportChat, type SupportChat } from '../../../core/supportChat.ts';
import { connectSupport } from '../../../core/supportSocket.ts';
import { uploadAttachment } from '../../../core/upload.ts';
import { SupportPanel } from '../../../widgets/support-chat/SupportPanel.tsx';
import { socketTicket } from '../../support/socketTicket.ts';
import { readWhenVisible } from './readWhenVisible.ts';
import './p2p.css';

export function TradeChat({ tradeId, title }: { tradeId: number; title: string }) {
  const [chat, setChat] = useState<SupportChat | null>(null);

  useEffect(() => {
    const reading = readWhenVisible(() => call('p2p.markTradeChatRead', { id: tradeId }));
    const next = createSupportChat({
      toasts: false,
      async loadHistory() {
        const reply = await call('p2p.getTradeChat', { id: tradeId });
        return reply.status
          ? {
              status: true,
              messages: reply.messages,
              unread: reply.unread,
              seenThrough: reply.seenThrough,
            }
          : { status: false, error_msg: reply.error_msg };
      },
      // Shown, the chat is read: now if the page is in view, else once it is.
      markRead: reading.markRead,
      upload: (file, settings) => uploadAttachment(file, { ...settings, purpose: 'p2p' }),
    });
    const connection = connectSupport({
      baseUrl: apiBaseUrl(),
      getTicket: socketTicket,
      tradeId,
      onMessage: next.receive,
      onStatus: next.setStatus,
      onReconnect: () => void next.loadHistory(),
    });
    next.connect(connection);
    next.setStatus(connection.status);
    next.setOpen(true);
    void next.loadHistory();
    setChat(next);
    return () => {
      connection.close();
      next.dispose();
      reading.dispose();
    };
  }, [tradeId]);

  if (chat === null) return null;
  return (
    <div className="p2p-chat">
      <SupportPanel chat={chat} title={title} otherName="Other side" baseUrl={apiBaseUrl()} />
    </div>
  );
}

/**
 * The chat behind a button that shows and hides it (a socket is opened only while shown); the
 * button says `openLabel` while it is hidden. `hasNews` (someone wrote meanwhile) is reported
 * seen through `onSeen` once the chat shows.
 */
export function TradeChatToggle({
  tradeId,
  title,
  openLabel,
  initiallyOpen = false,
  hasNews = false,
  onSeen = () => {},
}: {
  tradeId: number;
  title: string;
  openLabel: string;
  initiallyOpen?: boolean;
  hasNews?: boolean;
  onSeen?: () => void;
}) {
  const id = useId();
  const [isOpen, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    if (isOpen && hasNews) onSeen();
  }, [isOpen, hasNews, onSeen]);
  return (
    <>
      <button
        type="button"
        className="button secondary"
        aria-expanded={isOpen}
        aria-controls={`${id}-chat`}
        onClick={() => setOpen(!isOpen)}
      >
        {isOpen ? 'Hide the chat' : openLabel}
      </button>
      <div id={`${id}-chat`}>{isOpen && <TradeChat tradeId={tradeId} title={title} />}</div>
    </>
  );
}
