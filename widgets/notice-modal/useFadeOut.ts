/** Keeps a closing dialog on screen while it fades out (at once under reduced motion). */
import { useEffect, useState } from 'react';

/** Whether the dialog is still shown: true while `open`, and for `fadeMs` after it closes. */
export function useFadeOut(open: boolean, fadeMs: number): boolean {
  const [shown, setShown] = useState(open);
  useEffect(() => {
    if (open) {
      setShown(true);
      return;
    }
    if (!shown) return;
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const timer = setTimeout(() => setShown(false), reduced ? 0 : fadeMs);
    return () => clearTimeout(timer);
  }, [open, shown, fadeMs]);
  return shown;
}
