/**
 * Defines `<support-chat>`: the live-support launcher and panel in their own shadow root.
 * Attributes: api, label, heading; presence booleans: open, hide-launcher.
 * JS API: open(), close(), toggle(), unread. Events: exchange-open, exchange-close,
 * exchange-message, exchange-unread.
 */
import { defineElement } from '../shared/defineElement.ts';
import { widgetElement } from '../shared/widgetElement.ts';
import { type SupportChatHostState, SupportChatWidget } from './SupportChatWidget.tsx';

/** The `<support-chat>` element class. */
export class SupportChatElement extends widgetElement<object, SupportChatHostState>(
  SupportChatWidget,
  {
    props: ['api', 'label', 'heading'],
    booleans: { open: 'open', 'hide-launcher': 'hideLauncher' },
    initial: () => ({ open: false, hideLauncher: false, unread: 0 }),
  },
) {
  /** Opens the chat panel. */
  open(): void {
    this.state.set({ open: true });
  }

  /** Closes it; the draft and attachment stay for next time. */
  close(): void {
    this.state.set({ open: false });
  }

  /** Opens it when closed, closes it when open. */
  toggle(): void {
    this.state.set({ open: !this.state.get().open });
  }

  /** Messages from support not yet seen. */
  get unread(): number {
    return this.state.get().unread;
  }
}

defineElement('support-chat', SupportChatElement);

declare global {
  interface HTMLElementTagNameMap {
    'support-chat': SupportChatElement;
  }
}
