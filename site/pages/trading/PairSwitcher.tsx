/**
 * The pair switcher: a button naming the pair that opens a searchable list of the eight pairs
 * with their last price and 24 h change (live while open). Escape or choosing closes it and
 * gives focus back to the button.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PairSymbol } from '../../../core/index.ts';

const PairList = lazy(() => import('./PairList.tsx'));

/** See the file comment. */
export function PairSwitcher({ pair }: { pair: PairSymbol }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the list
    <div
      ref={root}
      className="pair-switcher"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="pair-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Pair: </span>
        {pair.replace('_', '/')}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id={panelId} className="pair-panel" hidden={!open}>
        {open ? (
          <Suspense fallback={<p className="muted">Loading the pairs…</p>}>
            <PairList current={pair} onClose={() => close(false)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
