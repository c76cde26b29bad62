/**
 * Draws core's notifications: toasts 5 s, snackbars 3 s, top centre, dark, 3 at most.
 * The toast library loads with the first notification, not with the page: most visits never
 * show one, and the home page's JS stays smaller.
 */
import { useEffect, useRef, useState } from 'react';
import { type Notification, onNotify } from '../../core/index.ts';

/** How long each kind stays on screen. */
export const NOTIFICATION_DURATION = { toast: 5000, snackbar: 3000 } as const;

type Sonner = typeof import('sonner');

function show({ toast }: Sonner, { kind, tone, text }: Notification) {
  const duration = NOTIFICATION_DURATION[kind];
  if (tone === 'error') toast.error(text, { duration });
  else if (tone === 'success') toast.success(text, { duration });
  else toast(text, { duration });
}

/** The toaster, subscribed to core's notification bus. */
export function Notifications() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [fallback, setFallback] = useState<Notification | null>(null);
  const pending = useRef<Notification[]>([]);

  useEffect(() => {
    let requested = false;
    return onNotify((notification) => {
      pending.current.push(notification);
      if (requested) return;
      requested = true;
      import('sonner').then(
        (module) => setSonner(() => module),
        // The server (and so the chunk) is unreachable: still tell the person, plainly.
        () => setFallback(notification),
      );
    });
  }, []);

  useEffect(() => {
    if (!fallback) return;
    const timer = setTimeout(() => setFallback(null), NOTIFICATION_DURATION[fallback.kind]);
    return () => clearTimeout(timer);
  }, [fallback]);

  // Toasts raised before the Toaster mounted would be lost: show them once it has.
  useEffect(() => {
    if (!sonner) return;
    const flush = () => {
      for (const notification of pending.current.splice(0)) show(sonner, notification);
    };
    flush();
    return onNotify(() => queueMicrotask(flush));
  }, [sonner]);

  if (!sonner) {
    return fallback ? (
      <div className="toast-fallback" role="status">
        {fallback.text}
      </div>
    ) : null;
  }
  const { Toaster } = sonner;
  return <Toaster position="top-center" theme="dark" visibleToasts={3} />;
}
