/**
 * The live-support chat panel: history, text box, one
 * attachment, connection and typing indicators. Everything comes from props and the chat
 * instance's state; it has no side effects of its own beyond timers and focus, so the site, the
 * staff Dashboard and the `<support-chat>` element can all render it.
 */
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ATTACHMENT_ACCEPT, canPickAttachment } from '../../core/rules.ts';
import type { SupportChat } from '../../core/supportChat.ts';
import { MessageItem } from './MessageItem.tsx';
import { PanelFrame } from './PanelFrame.tsx';
import { useNow } from './useNow.ts';

/** The empty-history text. */
export const EMPTY_HISTORY_TEXT =
  'At the moment, the message history is empty. Write your first message now!';

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
  const state = useSnapshot(chat.state);
  const now = useNow();
  const ids = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const isOpen = state.status === 'open';
  const canPick = canPickAttachment({
    isUploading: state.upload !== null,
    hasAttachment: state.attachment !== null,
  });
  // Read pendingId and draft from the snapshot so the button follows them; the rule is core's.
  const canSend = state.pendingId === null && state.draft !== null && chat.canSend();

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // Keep the newest message in view as messages arrive.
  const count = state.messages.length + state.outbox.length;
  useEffect(() => {
    const log = logRef.current;
    if (log && count >= 0) log.scrollTop = log.scrollHeight;
  }, [count]);

  const send = () => {
    if (chat.send()) inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    void chat.attach(files);
  };

  const mineFor = (isOut: boolean) => (side === 'user' ? isOut : !isOut);

  return (
    <PanelFrame
      title={title}
      onClose={onClose}
      withStyles={withStyles}
      status={
        <span className="sc-status" data-status={state.status}>
          {isOpen ? (
            <span className="sc-dot" part="live-dot" aria-hidden="true" />
          ) : (
            <span className="sc-spinner" part="spinner" aria-hidden="true" />
          )}
          <span>{isOpen ? 'Online' : 'Connecting…'}</span>
        </span>
      }
    >
      <div
        ref={logRef}
        className="sc-log"
        part="log"
        role="log"
        aria-live="polite"
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
      >
        {state.error !== null ? (
          <p className="sc-error" role="alert">
            {state.error}
          </p>
        ) : state.isLoaded && count === 0 ? (
          <p className="sc-empty">{EMPTY_HISTORY_TEXT}</p>
        ) : null}
        {state.messages.map((message) => (
          <MessageItem
            key={message.id}
            text={message.text}
            createdAt={message.createdAt}
            attachment={message.attachment}
            video={message.video}
            faq={message.faq}
            links={message.links}
            mine={mineFor(message.isOut)}
            author={mineFor(message.isOut) ? 'You' : (message.from ?? otherName)}
            showAuthor={message.from !== undefined}
            now={now}
            baseUrl={baseUrl}
          />
        ))}
        {state.outbox.map((message) => (
          <MessageItem
            key={message.id}
            text={message.text}
            createdAt={message.createdAt}
            attachment={message.attachment}
            mine
            author="You"
            sending
            now={now}
            baseUrl={baseUrl}
          />
        ))}
      </div>

      <div className="sc-typing" role="status" part="typing">
        {state.isTyping ? `${otherName} is typing…` : ''}
      </div>

      <form
        className="sc-composer"
        part="composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {state.upload && (
          <div className="sc-attachment">
            <span className="sc-attachment-name">{state.upload.name}</span>
            <progress
              max={1}
              value={state.upload.progress}
              aria-label={`Uploading ${state.upload.name}`}
            />
            <button
              type="button"
              className="sc-icon-button"
              aria-label="Cancel the upload"
              onClick={() => chat.removeAttachment()}
            >
              ×
            </button>
          </div>
        )}
        {state.attachment && (
          <div className="sc-attachment">
            <span className="sc-attachment-name">
              {`Attached: ${state.attachmentName ?? 'file'}`}
            </span>
            <button
              type="button"
              className="sc-icon-button"
              aria-label="Remove the attachment"
              onClick={() => chat.removeAttachment()}
            >
              ×
            </button>
          </div>
        )}
        <div className="sc-row">
          <input
            ref={fileRef}
            id={`${ids}-file`}
            className="sc-file"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            disabled={!canPick}
            onChange={onFiles}
            tabIndex={-1}
            aria-hidden="true"
          />
          <button
            type="button"
            className="sc-icon-button"
            aria-label="Attach a file"
            disabled={!canPick}
            onClick={() => fileRef.current?.click()}
          >
            📎
          </button>
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
        {!isOpen && state.outbox.length > 0 && (
          <p className="sc-meta" role="status">
            Reconnecting: your messages will be sent as soon as the connection is back.
          </p>
        )}
      </form>
    </PanelFrame>
  );
}
