/** Draws core's notifications (spec §9): toasts 5 s, snackbars 3 s, top centre, dark, 3 at most. */
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { type Notification, onNotify } from '../../core/index.ts';

/** How long each kind stays on screen. */
export const NOTIFICATION_DURATION = { toast: 5000, snackbar: 3000 } as const;

function show({ kind, tone, text }: Notification) {
  const duration = NOTIFICATION_DURATION[kind];
  if (tone === 'error') toast.error(text, { duration });
  else if (tone === 'success') toast.success(text, { duration });
  else toast(text, { duration });
}

/** The toaster, subscribed to core's notification bus. */
export function Notifications() {
  useEffect(() => onNotify(show), []);
  return <Toaster position="top-center" theme="dark" visibleToasts={3} />;
}
