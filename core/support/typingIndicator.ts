/** The "is typing…" flag of a chat's other side. */
import { SUPPORT_TYPING_MS } from '../protocol/index.ts';

/** Sets and clears the flag. */
export interface TypingIndicator {
  /** The other side is typing: show it for SUPPORT_TYPING_MS, or until their next message. */
  heard(): void;
  /** Their message arrived (or the chat ends): hide it now. */
  stop(): void;
}

/** An indicator driving `state.isTyping`. */
export function createTypingIndicator(state: { isTyping: boolean }): TypingIndicator {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    state.isTyping = false;
  };
  return {
    heard() {
      clearTimeout(timer);
      state.isTyping = true;
      timer = setTimeout(stop, SUPPORT_TYPING_MS);
    },
    stop,
  };
}
