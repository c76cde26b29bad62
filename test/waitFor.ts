/** Waiting in tests without the risk of hanging: every wait has a deadline and a name. */

/** How long `waitFor` keeps checking unless told otherwise. */
export const WAIT_FOR_TIMEOUT_MS = 10_000;

/**
 * Resolves with the first truthy value `check` returns, checking every few milliseconds; after
 * `timeoutMs` it rejects with an error naming `what` it waited for.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | null | undefined | false,
  timeoutMs = WAIT_FOR_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
