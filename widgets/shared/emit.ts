/**
 * Events of the widget suite: prefixed `exchange-`, bubbling and composed so they cross the shadow
 * root and reach `document` listeners. Their types are in widgets/events.ts.
 */
import type { WidgetEventMap } from '../events.ts';

/**
 * Dispatches `name` from `host` with `detail`; returns false when a listener cancelled a
 * cancelable event (the host page handles it instead).
 */
export function emit<K extends keyof WidgetEventMap>(
  host: Element | null,
  name: K,
  detail: WidgetEventMap[K]['detail'],
  cancelable = false,
): boolean {
  const event = new CustomEvent(name, { bubbles: true, composed: true, cancelable, detail });
  return host?.dispatchEvent(event) ?? true;
}
