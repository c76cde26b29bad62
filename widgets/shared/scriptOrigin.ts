/**
 * The origin the widget script was loaded from: the exchange's API lives there unless an element's
 * `api` attribute says otherwise. Read once, while the script evaluates, when currentScript is set.
 */
const script = typeof document === 'undefined' ? null : document.currentScript;

/** The origin of the widget script, or the page's own when it cannot be told. */
export const SCRIPT_ORIGIN: string =
  script instanceof HTMLScriptElement && script.src
    ? new URL(script.src).origin
    : (globalThis.location?.origin ?? '');

/** The API origin for an element: its `api` attribute when set, else the script's origin. */
export function apiOrigin(attribute: string | undefined): string {
  return attribute ? new URL(attribute, SCRIPT_ORIGIN).origin : SCRIPT_ORIGIN;
}

/** The WebSocket URL of a path on an HTTP(S) origin. */
export function socketUrl(origin: string, path: string): string {
  return `${origin.replace(/^http/, 'ws')}${path}`;
}
