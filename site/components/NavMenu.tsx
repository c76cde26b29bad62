/**
 * A header drop-down (the disclosure pattern of the WAI-ARIA APG): a button with aria-expanded
 * that shows a list of links; it closes on Escape (focus back on the button), an outside click,
 * or when a link is followed.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** A button and the panel it discloses. */
export function NavMenu({
  label,
  children,
  className,
  align = 'start',
}: {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
  className?: string;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the whole disclosure.
    <div
      ref={root}
      className={`nav-menu ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {label}
        <span className="nav-menu-caret" aria-hidden="true" />
      </button>
      <div id={panelId} className={`nav-menu-panel align-${align}`} hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
