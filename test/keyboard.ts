/**
 * Real key presses in the Chromium that web-test-runner drives, for component tests: the runner's
 * own `send-keys` command (Playwright's keyboard), asked for over the runner's socket. Imported
 * this way rather than from `@web/test-runner-commands`, whose pre-bundled copy Vite breaks by
 * rewriting its import of the runner's socket module.
 */

/** What `send-keys` takes: text to type, or one key to press ("End", "Tab"). */
export type KeysPayload = { type: string } | { press: string };

const SOCKET_MODULE = '/__web-dev-server__web-socket.js';

/** Types or presses keys into whatever has focus, as a person would. */
export async function sendKeys(payload: KeysPayload): Promise<void> {
  const sessionId = new URL(window.location.href).searchParams.get('wtr-session-id');
  if (sessionId === null) throw new Error('sendKeys runs only under web-test-runner.');
  const socket = (await import(/* @vite-ignore */ SOCKET_MODULE)) as {
    sendMessageWaitForResponse(message: object): Promise<{ executed: boolean; error?: string }>;
  };
  const response = await socket.sendMessageWaitForResponse({
    type: 'wtr-command',
    sessionId,
    command: 'send-keys',
    payload,
  });
  if (!response.executed || response.error) {
    throw new Error(`send-keys failed: ${response.error ?? 'not executed'}`);
  }
}

/** Focuses `element` and types `text` into it with real key presses. */
export async function type(element: HTMLElement, text: string): Promise<void> {
  element.focus();
  await sendKeys({ type: text });
}
