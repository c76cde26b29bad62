/**
 * A tiny notification bus: core raises toasts and snackbars without knowing how they are drawn;
 * the site (or a widget) subscribes and renders them with its toast system.
 */

/** One notification: a toast (5 s) or a snackbar (3 s), of a tone. */
export interface Notification {
  kind: 'toast' | 'snackbar';
  tone: 'success' | 'error' | 'info';
  text: string;
}

type Listener = (notification: Notification) => void;
const listeners = new Set<Listener>();

/** Shows a notification through whoever is listening; a no-op when nobody is. */
export function notify(notification: Notification): void {
  for (const listener of listeners) listener(notification);
}

/** Subscribes to notifications; returns the unsubscribe function. */
export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
