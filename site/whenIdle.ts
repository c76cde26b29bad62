/**
 * Work that can wait for the page to be drawn: the chart, the sparklines. It runs once the
 * browser has painted the next frame and then has a moment with nothing to do, so it never
 * lengthens the task that renders the page; a busy page still gets it within IDLE_TIMEOUT_MS.
 */

/** The longest the work waits for an idle moment once the frame is painted. */
export const IDLE_TIMEOUT_MS = 1000;

/** Runs `work` after the next paint, when the browser is idle; returns the function that cancels it. */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const frame = requestAnimationFrame(() => {
    // A frame callback runs before that frame's paint; a task queued from it runs after.
    const timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof requestIdleCallback === 'function') {
        const idle = requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => cancelIdleCallback(idle);
      } else {
        work();
      }
    }, 0);
    cancelIdle = () => clearTimeout(timer);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    cancelIdle();
  };
}
