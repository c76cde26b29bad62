/**
 * The page-side queue, as chat vendors do it: a page may call the widgets before the script has
 * loaded by pushing functions to `window.exchangeWidgets`, created as an array if missing:
 *
 *   (window.exchangeWidgets = window.exchangeWidgets || []).push(() => chat.open());
 *
 * Once every element is defined, queued functions run in order, later pushes run at once, and
 * `document` gets an `exchange-ready` event. `customElements.whenDefined(tag)` works too.
 */
import { PROTOCOL_VERSION } from '../core/protocol/index.ts';

/** What a page pushes: a function to run once the elements exist. */
export type WidgetCallback = () => void;

/** `window.exchangeWidgets` after the script has loaded. */
export interface WidgetQueue {
  /** Runs `callback` now. */
  push(callback: WidgetCallback): number;
  /** The protocol version the widgets speak. */
  readonly version: string;
}

declare global {
  interface Window {
    exchangeWidgets?: WidgetCallback[] | WidgetQueue;
  }
}

/** Runs one queued function; a page's mistake must not stop the others. */
function run(callback: unknown): void {
  if (typeof callback !== 'function') return;
  try {
    callback();
  } catch (error) {
    console.error('An exchangeWidgets callback failed:', error);
  }
}

/** Drains the queue, replaces it with one that runs at once, and dispatches `exchange-ready`. */
export function announceReady(): void {
  const version = String(PROTOCOL_VERSION);
  const queued = window.exchangeWidgets;
  const ready: WidgetQueue = {
    push(callback) {
      run(callback);
      return 0;
    },
    version,
  };
  window.exchangeWidgets = ready;
  if (Array.isArray(queued)) for (const callback of queued) run(callback);
  document.dispatchEvent(new CustomEvent('exchange-ready', { detail: { version } }));
}
