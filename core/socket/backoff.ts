/**
 * When to try a dropped connection again: exponential backoff with jitter, reset by a success,
 * one pending attempt at a time.
 */

/** First reconnect delay; each failure doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 500;

/** Longest wait between reconnect attempts. */
export const RECONNECT_MAX_MS = 30_000;

/** The delay before reconnect attempt `attempt` (0-based): full jitter over a capped exponential. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  // Half fixed, half random: spreads a crowd of clients without ever retrying at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The schedule of reconnect attempts. */
export interface Backoff {
  /** Runs the attempt after the next delay, unless one is already waiting. */
  schedule(): void;
  /** Drops the waiting attempt, if any. */
  cancel(): void;
  /** Starts the delays over from the first (after a connection opened). */
  reset(): void;
}

/** A backoff that calls `attempt` each time its delay runs out. */
export function createBackoff(attempt: () => void): Backoff {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer !== null) return;
      const delay = reconnectDelay(failures);
      failures += 1;
      timer = setTimeout(() => {
        timer = null;
        attempt();
      }, delay);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    reset() {
      failures = 0;
    },
  };
}
