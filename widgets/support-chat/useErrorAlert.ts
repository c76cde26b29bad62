/** The latest error on core's notification bus (an upload or a send that failed), for 5 s. */
import { useEffect, useState } from 'react';
import { onNotify } from '../../core/notify.ts';

/** The text of the latest error, or null once it has been shown long enough. */
export function useErrorAlert(): string | null {
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(
    () =>
      onNotify((note) => {
        if (note.tone === 'error') setAlert(note.text);
      }),
    [],
  );
  useEffect(() => {
    if (alert === null) return;
    const timer = setTimeout(() => setAlert(null), 5000);
    return () => clearTimeout(timer);
  }, [alert]);
  return alert;
}
