/**
 * A wide table's horizontal scroller. On a phone the table is wider than the screen, so the
 * scroller takes focus (keyboard users scroll it with the arrow keys) and carries a name for
 * screen readers, as WCAG asks of a scrollable region.
 */
import type { ReactNode } from 'react';

/** Wraps `children` in a focusable, named region that scrolls sideways. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
