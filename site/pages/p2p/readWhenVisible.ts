/**
 * A trade's chat counts as read only while the page is in view: a read asked for while the tab
 * is hidden waits until the tab shows again, then happens once.
 */

/** `read` gated on the page's visibility, and `dispose` to stop watching it. */
export function readWhenVisible(read: () => Promise<unknown>): {
  markRead: () => Promise<unknown>;
  dispose: () => void;
} {
  let waiting = false;
  const visible = () => document.visibilityState === 'visible';
  const shown = () => {
    if (!waiting || !visible()) return;
    waiting = false;
    void read();
  };
  document.addEventListener('visibilitychange', shown);
  return {
    async markRead() {
      if (visible()) return read();
      waiting = true;
      return undefined;
    },
    dispose: () => document.removeEventListener('visibilitychange', shown),
  };
}
