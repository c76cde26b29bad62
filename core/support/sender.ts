/**
 * The sending half of a chat: the connection it sends through, the draft's typing notices, the
 * message whose echo is awaited, and the outbox of messages not yet echoed. While the socket is
 * down the socket client queues what is sent and resends it on reconnect; the outbox shows it.
 */
import { notify } from '../notify.ts';
import type { SupportMessage } from '../protocol/index.ts';
import { canSendMessage } from '../rules.ts';
import type { SupportConnection, SupportSocketStatus } from '../supportSocket.ts';
import { clearComposer, type OutgoingMessage, type SupportChatState } from './chatState.ts';

/** The connection a chat sends through: the socket client's send and typing. */
export type ChatConnection = Pick<SupportConnection, 'send' | 'typing'>;

/** The chat's sending actions. */
export interface ChatSender {
  /** Sends through this connection from now on (null detaches). */
  connect(connection: ChatConnection | null): void;
  /** Edits the draft and tells the other side we are typing (the connection throttles it). */
  setDraft(text: string): void;
  /** Whether Enter would send now. */
  canSend(): boolean;
  /** Sends the draft and attachment; returns false when there was nothing to send. */
  send(): boolean;
  /** Records the socket's status; going offline turns a pending send into a queued one. */
  setStatus(status: SupportSocketStatus): void;
  /**
   * Takes the server's echo of a message we sent (with its error, if refused); true when the
   * message should be stored.
   */
  echoed(message: SupportMessage, error: string | undefined): boolean;
  /** Another tab or side stored this message: it no longer waits in the outbox. */
  delivered(id: string): void;
}

/** Removes the message with this id from the outbox and returns it, if it was there. */
function takeFromOutbox(outbox: OutgoingMessage[], id: string): OutgoingMessage | undefined {
  const index = outbox.findIndex((item) => item.id === id);
  return index >= 0 ? outbox.splice(index, 1)[0] : undefined;
}

/** The sender of a chat; `userId` names the client a staff chat writes to. */
export function createSender(state: SupportChatState, userId: number | null): ChatSender {
  let connection: ChatConnection | null = null;

  const sender: ChatSender = {
    connect(next) {
      connection = next;
    },

    setDraft(text) {
      const grew = text.length > state.draft.length;
      state.draft = text;
      if (grew && connection) connection.typing(...(userId === null ? [] : [userId]));
    },

    canSend() {
      return (
        connection !== null &&
        state.upload === null &&
        canSendMessage({
          text: state.draft,
          hasAttachment: state.attachment !== null,
          isPending: state.pendingId !== null,
        })
      );
    },

    send() {
      if (!sender.canSend() || !connection) return false;
      const text = state.draft.trim();
      const attachment = state.attachment;
      const id = connection.send({
        text,
        attachment: attachment?.id ?? null,
        ...(userId === null ? {} : { userId }),
      });
      state.outbox.push({ id, text, attachment, createdAt: new Date().toISOString() });
      if (state.status === 'open') {
        state.pendingId = id;
      } else {
        // Offline: the socket queues it; the box stays usable for the next message.
        clearComposer(state);
      }
      return true;
    },

    setStatus(status) {
      state.status = status;
      // The pending message now waits in the socket's queue: free the box so typing goes on.
      if (status !== 'open' && state.pendingId !== null) {
        state.pendingId = null;
        clearComposer(state);
      }
    },

    echoed(message, error) {
      const sent = takeFromOutbox(state.outbox, message.id);
      const wasPending = state.pendingId === message.id;
      if (wasPending) state.pendingId = null;
      if (error !== undefined) {
        notify({ kind: 'toast', tone: 'error', text: error });
        // A queued message's text was already cleared from the box: give it back to retry.
        if (!wasPending && sent && state.draft === '') state.draft = sent.text;
        return false;
      }
      if (wasPending) clearComposer(state);
      return true;
    },

    delivered(id) {
      takeFromOutbox(state.outbox, id);
    },
  };
  return sender;
}
