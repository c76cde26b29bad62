/**
 * The chat's composer: the attachment line, the attach button, the text box (Enter sends,
 * Shift+Enter breaks the line) and Send, and a note while sent messages wait for the connection.
 */
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { SupportChat } from '../../core/supportChat.ts';
import { AttachButton } from './AttachButton.tsx';
import { AttachmentStatus } from './AttachmentStatus.tsx';

/** What the composer needs: the chat, and whether to take focus when it mounts. */
export interface ComposerProps {
  chat: SupportChat;
  autoFocus: boolean;
}

/** The composer form. */
export function Composer({ chat, autoFocus }: ComposerProps) {
  const state = useSnapshot(chat.state);
  const ids = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Read pendingId and draft from the snapshot so the button follows them; the rule is core's.
  const canSend = state.pendingId === null && state.draft !== null && chat.canSend();

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const send = () => {
    if (chat.send()) inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="sc-composer"
      part="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <AttachmentStatus chat={chat} />
      <div className="sc-row">
        <AttachButton chat={chat} inputId={`${ids}-file`} />
        <label className="sc-sr" htmlFor={`${ids}-input`}>
          Message
        </label>
        <textarea
          ref={inputRef}
          id={`${ids}-input`}
          className="sc-input"
          part="input"
          rows={1}
          placeholder="Write a message…"
          value={state.draft}
          onChange={(event) => chat.setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="sc-icon-button sc-send" disabled={!canSend}>
          Send
        </button>
      </div>
      {state.status !== 'open' && state.outbox.length > 0 && (
        <p className="sc-meta" role="status">
          Reconnecting: your messages will be sent as soon as the connection is back.
        </p>
      )}
    </form>
  );
}
