/**
 * One accessible modal dialog (WAI-ARIA APG dialog pattern): role=dialog,
 * aria-modal and a label; closes on an outside click, Escape or the close button; fades out over
 * 300 ms (instantly under prefers-reduced-motion); traps focus and returns it to the opener.
 * Props-driven and side-effect free beyond focus, and styled by its own <style> element so it works
 * in the page and inside a shadow root alike.
 */
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { keepFocusInside, useDialogFocus } from './dialogFocus.ts';
import { useFadeOut } from './useFadeOut.ts';

/** How long a closing modal fades out. */
export const MODAL_FADE_MS = 300;

/** What a modal shows and how it reports a close. */
export interface ModalProps {
  open: boolean;
  /** The visible title; it labels the dialog. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog box, e.g. a border colour. */
  className?: string;
  /** Buttons under the content. */
  footer?: ReactNode;
}

const STYLE = `
.x-modal-backdrop{all:initial;font-size:16px;line-height:1.5;font-family:var(--exchange-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:1em;background:rgba(5,7,10,.72);opacity:1;transition:opacity ${MODAL_FADE_MS}ms ease}
.x-modal-backdrop[data-closing]{opacity:0}
@media (prefers-reduced-motion: reduce){.x-modal-backdrop{transition:none}}
.x-modal{position:relative;width:min(34em,100%);max-height:calc(100vh - 2em);overflow:auto;background:var(--x-modal-bg,#151a23);color:var(--x-modal-text,#e8ecf3);border:2px solid var(--x-modal-border,#2a3140);border-radius:12px;padding:1.25em 1.5em;box-shadow:0 12px 40px rgba(0,0,0,.5);font:inherit}
.x-modal-title{margin:0 2.5em .75em 0;font-size:1.25em;line-height:1.3}
.x-modal-close{position:absolute;top:.75em;right:.75em;width:2.5em;height:2.5em;border:0;border-radius:8px;background:transparent;color:inherit;font-size:1.5em;line-height:1;cursor:pointer}
.x-modal-close:hover{background:rgba(255,255,255,.08)}
.x-modal :focus-visible{outline:2px solid var(--x-modal-focus,#f0b90b);outline-offset:2px}
.x-modal-footer{display:flex;flex-wrap:wrap;gap:.5em;justify-content:flex-end;margin-top:1.25em}
`;

/**
 * Escape closes an open dialog wherever focus is. Focus moves in after the dialog is painted
 * (Preact runs effects a frame later), and an Escape pressed in between, right after ⌘K, went to
 * the page and left the dialog open. Registered before paint; an Escape inside the dialog stops at
 * the dialog's own handler.
 */
function useEscapeAnywhere(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}

/** A dialog rendered while `open` (and for the fade-out after it closes). */
export function Modal({ open, title, onClose, children, className, footer }: ModalProps) {
  const shown = useFadeOut(open, MODAL_FADE_MS);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(open && shown, dialog);
  useEscapeAnywhere(open && shown, onClose);

  if (!shown) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(event, dialog.current);
  };

  return (
    // The backdrop's click is the "outside click"; keyboard users have Escape and the button.
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop is not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (handled on the dialog) is its keyboard twin.
    <div
      className="x-modal-backdrop"
      data-closing={open ? undefined : ''}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <style>{STYLE}</style>
      <div
        ref={dialog}
        className={className ? `x-modal ${className}` : 'x-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="x-modal-title">
          {title}
        </h2>
        <button type="button" className="x-modal-close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
        {footer ? <div className="x-modal-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
