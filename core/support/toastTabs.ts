/**
 * Which of a user's open tabs shows the toast for a new support message: the tabs of one origin
 * elect one over a BroadcastChannel.
 */

/** Decides which of a user's open tabs toasts a new message, so only one does. */
export interface ToastTabs {
  /** Whether this tab should toast the message with this id. */
  shouldToast(messageId: string): boolean;
  /** Leaves the group. */
  close(): void;
}

/** The BroadcastChannel messages tabs exchange about themselves. */
type TabNote =
  | { kind: 'hello' | 'here'; tab: string; visible: boolean }
  | { kind: 'bye'; tab: string };

/** What ToastTabs needs from the page; the defaults read the real one. */
export interface ToastTabsOptions {
  channelName?: string;
  BroadcastChannel?: typeof BroadcastChannel;
  isVisible?: () => boolean;
  /** Called with a function to run when the page's visibility changes; returns the remover. */
  onVisibilityChange?: (listener: () => void) => () => void;
  tabId?: string;
}

/**
 * Tabs of one origin agree, over a BroadcastChannel, on one toaster: the visible tab with the
 * lowest id, or the lowest id of all when none is visible. Every tab keeps its own unread count;
 * only the toast is shared. Without BroadcastChannel each tab toasts on its own.
 */
export function createToastTabs(options: ToastTabsOptions = {}): ToastTabs {
  const Channel = options.BroadcastChannel ?? globalThis.BroadcastChannel;
  const tab = options.tabId ?? Math.random().toString(36).slice(2) + Date.now().toString(36);
  const isVisible =
    options.isVisible ??
    (() => typeof document === 'undefined' || document.visibilityState === 'visible');
  if (typeof Channel !== 'function') return { shouldToast: () => true, close: () => undefined };
  const channel = new Channel(options.channelName ?? 'support-chat-tabs');
  const peers = new Map<string, boolean>();
  const post = (kind: 'hello' | 'here') => {
    channel.postMessage({ kind, tab, visible: isVisible() } satisfies TabNote);
  };
  channel.onmessage = (event: MessageEvent<TabNote>) => {
    const note = event.data;
    if (note.kind === 'bye') {
      peers.delete(note.tab);
      return;
    }
    peers.set(note.tab, note.visible);
    if (note.kind === 'hello') post('here');
  };
  const stopWatching =
    options.onVisibilityChange?.(() => post('here')) ??
    watchPage({
      visibilityChanged: () => post('here'),
      left: () => channel.postMessage({ kind: 'bye', tab } satisfies TabNote),
      returned: () => post('hello'),
    });
  post('hello');
  let closed = false;
  return {
    shouldToast() {
      const visible = isVisible();
      for (const [peer, peerVisible] of peers) {
        if (peerVisible && !visible) return false;
        if (peerVisible === visible && peer < tab) return false;
      }
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      stopWatching();
      channel.postMessage({ kind: 'bye', tab } satisfies TabNote);
      channel.close();
    },
  };
}

/** What a tab tells the others about the page it lives in. */
interface PageEvents {
  visibilityChanged(): void;
  left(): void;
  returned(): void;
}

/** Follows the page's visibility and its leaving (or coming back from the back-forward cache). */
function watchPage(events: PageEvents): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const { visibilityChanged, left, returned } = events;
  document.addEventListener('visibilitychange', visibilityChanged);
  globalThis.addEventListener?.('pagehide', left);
  globalThis.addEventListener?.('pageshow', returned);
  return () => {
    document.removeEventListener('visibilitychange', visibilityChanged);
    globalThis.removeEventListener?.('pagehide', left);
    globalThis.removeEventListener?.('pageshow', returned);
  };
}
