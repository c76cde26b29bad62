/**
 * The live-support chat panel: history, text box, one
 * attachment, connection and typing indicators. Everything comes from props and the chat
 * instance's state; it has no side effects of its own beyond timers and focus, so the site, the
 * staff Dashboard and the `<support-chat>` element can all render it.
 */
import { useSnapshot } from 'valtio';
import type { SupportChat } from '../../core/supportChat.ts';
import { Composer } from './Composer.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { MessageLog } from './MessageLog.tsx';
import { PanelFrame } from './PanelFrame.tsx';

export { EMPTY_HISTORY_TEXT } from './MessageLog.tsx';

/** What the panel needs: the chat instance and how it is framed. */
export interface SupportPanelProps {
  chat: SupportChat;
  /** 'user': the person is the client and staff answer; 'staff': the other way round. */
  side?: 'user' | 'staff';
  /** The heading. */
  title?: string;
  /** Who the other side is, for screen readers and the typing indicator. */
  otherName?: string;
  /** Prefix for root-relative attachment paths; '' for the page's own origin. */
  baseUrl?: string;
  /** When given, the panel floats, has a close button and closes on Escape. */
  onClose?: () => void;
  /** Focus the text box when the panel mounts. */
  autoFocus?: boolean;
  /** Whether to include the styles (a host that already has them may leave them out). */
  withStyles?: boolean;
}

/** The chat panel. */
export function SupportPanel({
  chat,
  side = 'user',
  title = 'Live support',
  otherName = side === 'user' ? 'Support' : 'Client',
  baseUrl = '',
  onClose,
  autoFocus = false,
  withStyles = true,
}: SupportPanelProps) {
  const { status, isTyping } = useSnapshot(chat.state);
  return (
    <PanelFrame
      title={title}
      onClose={onClose}
      withStyles={withStyles}
      status={<ConnectionStatus status={status} />}
    >
      <MessageLog chat={chat} side={side} otherName={otherName} baseUrl={baseUrl} />
      <div className="sc-typing" role="status" part="typing">
        {isTyping ? `${otherName} is typing…` : ''}
      </div>
      <Composer chat={chat} autoFocus={autoFocus} />
    </PanelFrame>
  );
}
