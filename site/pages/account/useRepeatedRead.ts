/**
 * Reads something again and again while the page is open: quickly while `read` says something is
 * still moving (a deposit confirming, a withdrawal on its way), slowly otherwise.
 */
import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `read` now and then every `fastMs` while it resolves true, every `slowMs` otherwise. The
 * answer reads at once and starts the rhythm again from that read (after the page itself changed
 * something, which may make it move).
 */
export function useRepeatedRead(
  read: () => Promise<boolean>,
  fastMs: number,
  slowMs: number,
): () => void {
  const restart = useRef<() => void>(() => {});
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const loop = async () => {
      clearTimeout(timer);
      const moving = await read();
      if (!stopped) {
        clearTimeout(timer);
        timer = setTimeout(loop, moving ? fastMs : slowMs);
      }
    };
    restart.current = () => void loop();
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, fastMs, slowMs]);
  return useCallback(() => restart.current(), []);
}
