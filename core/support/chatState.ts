/** What one support chat holds: the state its panel shows, and how that state starts. */
import type { Attachment, SupportMessage } from '../protocol/index.ts';
import type { SupportSocketStatus } from '../supportSocket.ts';

/** A message sent but not yet echoed by the server: shown as "sending…". */
export interface OutgoingMessage {
  id: string;
  text: string;
  attachment: Attachment | null;
  createdAt: string;
}

/** An attachment being uploaded: its file name and the fraction sent. */
export interface UploadProgress {
  name: string;
  progress: number;
}

/** Everything the chat panel shows. */
export interface SupportChatState {
  /** Stored messages, oldest first, one per id. */
  messages: SupportMessage[];
  /** Sent messages awaiting their echo, in the order sent. */
  outbox: OutgoingMessage[];
  /** Whether the history has been read (successfully or not). */
  isLoaded: boolean;
  /** The server's error_msg when the history could not be read. */
  error: string | null;
  status: SupportSocketStatus;
  draft: string;
  /** The uploaded attachment the next message carries. */
  attachment: Attachment | null;
  /** The file name of that attachment, for the panel to show. */
  attachmentName: string | null;
  upload: UploadProgress | null;
  /** The id of the message whose echo is awaited; no send while set. */
  pendingId: string | null;
  /** Whether the other side is typing (for 10 s or until the next message). */
  isTyping: boolean;
  isOpen: boolean;
  unread: number;
  /** Whether the other side has read every message this side sent ("Seen" under the last). */
  seen: boolean;
  /**
   * In a trade's chat, the id of the newest message the other side has read ("Seen" under this
   * side's last message up to it); null in a support dialog and before any read.
   */
  seenThrough: string | null;
}

/** A fresh, empty chat state. */
export function initialSupportChatState(): SupportChatState {
  return {
    messages: [],
    outbox: [],
    isLoaded: false,
    error: null,
    status: 'closed',
    draft: '',
    attachment: null,
    attachmentName: null,
    upload: null,
    pendingId: null,
    isTyping: false,
    isOpen: false,
    unread: 0,
    seen: false,
    seenThrough: null,
  };
}

/** Empties the text box and drops the attachment: the message they made has gone out. */
export function clearComposer(
  state: Pick<SupportChatState, 'draft' | 'attachment' | 'attachmentName'>,
): void {
  state.draft = '';
  state.attachment = null;
  state.attachmentName = null;
}
