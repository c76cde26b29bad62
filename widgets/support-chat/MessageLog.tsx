/**
 * The chat's history as a live log: the stored messages ("Seen", as text, under the reader's
 * last message the other side has read), then those still sending, with the history's error or
 * the empty-history text when there is nothing to show. It keeps the newest message in view as
 * messages arrive.
 */
import { Fragment, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { type SupportChat, seenMessageId } from '../../core/supportChat.ts';
import { MessageItem } from './MessageItem.tsx';
import { useNow } from './useNow.ts';

/** The empty-history text. */
export const EMPTY_HISTORY_TEXT =
  'At the moment, the message history is empty. Write your first message now!';

/** What the log needs: the chat, whose side the reader is on, and how to name the other. */
export interface MessageLogProps {
  chat: SupportChat;
  side: 'user' | 'staff';
  otherName: string;
  baseUrl: string;
}

/** The message log. */
export function MessageLog({ chat, side, otherName, baseUrl }: MessageLogProps) {
  const state = useSnapshot(chat.state);
  const now = useNow();
  const logRef = useRef<HTMLDivElement>(null);

  const count = state.messages.length + state.outbox.length;
  useEffect(() => {
    const log = logRef.current;
    if (log && count >= 0) log.scrollTop = log.scrollHeight;
  }, [count]);

  const mineFor = (isOut: boolean) => (side === 'user' ? isOut : !isOut);
  const seenId = seenMessageId(state, (message) => mineFor(message.isOut));

  return (
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
        <Fragment key={message.id}>
          <MessageItem
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
          {message.id === seenId && (
            <p className="sc-seen" data-testid="support-seen">
              Seen
            </p>
          )}
        </Fragment>
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
  );
}
