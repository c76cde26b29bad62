/** A countdown to a deadline, as minutes and seconds. */
import { useEffect, useState } from 'react';

/** Minutes and seconds left until `until`, ticking each second. */
export function useTimeLeft(until: string, running: boolean): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const left = Math.max(0, Date.parse(until) - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
