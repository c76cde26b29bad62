/**
 * Defines `<faq-search>`: the exchange's help-center questions with a search box, in its own
 * shadow root. Attributes: api, slug, heading; presence boolean: hotkey (a search dialog opened
 * by ⌘K / Ctrl+K or "/"). JS API: open(), close(). Events: exchange-open, exchange-close.
 */
import { defineElement } from '../shared/defineElement.ts';
import { widgetElement } from '../shared/widgetElement.ts';
import { type FaqHostState, FaqSearchWidget } from './FaqSearchWidget.tsx';

/** The `<faq-search>` element class. */
export class FaqSearchElement extends widgetElement<object, FaqHostState>(FaqSearchWidget, {
  props: ['api', 'slug', 'heading'],
  booleans: { hotkey: 'hotkey' },
  initial: () => ({ open: false, hotkey: false }),
}) {
  /** Opens the search dialog (hotkey mode), or focuses the search box (inline). */
  open(): void {
    if (this.state.get().hotkey) this.state.set({ open: true });
    else this.shadowRoot?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }

  /** Closes the search dialog. */
  close(): void {
    this.state.set({ open: false });
  }
}

defineElement('faq-search', FaqSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'faq-search': FaqSearchElement;
  }
}
