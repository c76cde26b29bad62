/**
 * Where the widgets were loaded from: the exchange's API lives there unless an element's `api`
 * attribute says otherwise. The modules' own URL tells it, whatever page imported them.
 */

/** The origin of the widget modules. */
export const SCRIPT_ORIGIN: string = new URL(import.meta.url).origin;

/** The API origin for an element: its `api` attribute when set, else the script's origin. */
export function apiOrigin(attribute: string | undefined): string {
  return attribute ? new URL(attribute, SCRIPT_ORIGIN).origin : SCRIPT_ORIGIN;
}
