/**
 * Focus in a modal dialog (WAI-ARIA APG dialog pattern): it moves in when the dialog opens, Tab
 * and Shift+Tab cycle within it, and it returns to whatever opened the dialog when it closes.
 */
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Moves focus into `dialog` while `visible`, and back to the opener afterwards. */
export function useDialogFocus(visible: boolean, dialog: RefObject<HTMLElement | null>): void {
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (!visible) return;
    const root = dialog.current;
    opener.current =
      (root?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement ?? null;
    // The content may name what should have focus first (a search box); else the first control.
    const first =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    return () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) {
        opener.current.focus();
      }
    };
  }, [visible, dialog]);
}

/** On Tab from the last control (or Shift+Tab from the first), wraps focus to the other end. */
export function keepFocusInside(event: KeyboardEvent, dialog: HTMLElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
