/** Defines `<live-counter>`: live visitors online or page views, in its own shadow root. */
import { defineElement } from '../shared/defineElement.ts';
import { widgetElement } from '../shared/widgetElement.ts';
import { LiveCounterWidget } from './LiveCounterWidget.tsx';

/** The element class; attributes: figure, label, label-one, locale, api. */
export class LiveCounterElement extends widgetElement<object, object>(LiveCounterWidget, {
  props: ['figure', 'label', 'labelOne', 'locale', 'api'],
  booleans: {},
  initial: () => ({}),
}) {}

defineElement('live-counter', LiveCounterElement);

declare global {
  interface HTMLElementTagNameMap {
    'live-counter': LiveCounterElement;
  }
}
