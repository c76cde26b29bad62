/** The current time, refreshed on an interval so relative labels stay true. */
import { useEffect, useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS } from '../../core/format/index.ts';

/** `Date.now()`, updated every `intervalMs` (1200 ms by default) while mounted. */
export function useNow(intervalMs: number = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
