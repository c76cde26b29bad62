/**
 * Defines `<notice-modal>`: the exchange's current notice in an accessible modal, in its own
 * shadow root. Attribute: api. JS API: open() (shows the notice again), close(). Events:
 * exchange-open, exchange-close, exchange-action (cancelable).
 */
import { defineElement } from '../shared/defineElement.ts';
import { widgetElement } from '../shared/widgetElement.ts';
import { type NoticeHostState, NoticeModalWidget } from './NoticeModalWidget.tsx';

/** The `<notice-modal>` element class. */
export class NoticeModalElement extends widgetElement<object, NoticeHostState>(NoticeModalWidget, {
  props: ['api'],
  booleans: {},
  initial: () => ({ open: false }),
}) {
  /** Shows the current notice, even one the visitor closed before. */
  open(): void {
    this.state.set({ open: true });
  }

  /** Closes the modal. */
  close(): void {
    this.state.set({ open: false });
  }
}

defineElement('notice-modal', NoticeModalElement);

declare global {
  interface HTMLElementTagNameMap {
    'notice-modal': NoticeModalElement;
  }
}
