/** The events the elements dispatch, typed for `addEventListener` on elements and `document`. */

/** Which element an event came from and what happened. */
export interface WidgetEventMap {
  /** A panel or modal opened (`<support-chat>`, `<faq-search>`, `<notice-modal>`). */
  'exchange-open': CustomEvent<{ tag: string }>;
  /** It closed. */
  'exchange-close': CustomEvent<{ tag: string }>;
  /** `<support-chat>`: a message from support arrived. */
  'exchange-message': CustomEvent<{ text: string; createdAt: string }>;
  /** `<support-chat>`: the unread count changed. */
  'exchange-unread': CustomEvent<{ count: number }>;
  /**
   * `<notice-modal>`: a footer action was chosen (the modal closed first). Cancel it to handle the
   * action in the page; otherwise the element opens the support chat or goes to the exchange.
   */
  'exchange-action': CustomEvent<{ action: 'support' | 'buy-crypto' | 'deposit' }>;
  /** Dispatched on `document` once every element is defined. */
  'exchange-ready': CustomEvent<{ version: string }>;
}

declare global {
  interface GlobalEventHandlersEventMap extends WidgetEventMap {}
}
