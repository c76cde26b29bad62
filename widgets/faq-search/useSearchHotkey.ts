/** The FAQ search's keyboard shortcut: ⌘K / Ctrl+K, or "/" when not typing in a field. */
import { useEffect } from 'react';

/** Whether a key event is the search shortcut and not someone typing. */
function isShortcut(event: KeyboardEvent): boolean {
  if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return false;
  const target = event.composedPath()[0];
  return !(
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Calls `onShortcut` on the shortcut anywhere in the document, while `enabled`. */
export function useSearchHotkey(enabled: boolean, onShortcut: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      onShortcut();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, onShortcut]);
}
