/**
 * Reads something again and again while the page is open: quickly while `read` says something is
 * still moving (a deposit confirming, a withdrawal on its way), slowly otherwise.
 */
import { useEffect } from 'react';

/** Runs `read` now and then every `fastMs` while it resolves true, every `slowMs` otherwise. */
export function useRepeatedRead(read: () => Promise<boolean>, fastMs: number, slowMs: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const loop = async () => {
      const moving = await read();
      if (!stopped) timer = setTimeout(loop, moving ? fastMs : slowMs);
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, fastMs, slowMs]);
}
