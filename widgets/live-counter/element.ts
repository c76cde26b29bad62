/** Defines `<live-counter>`: live visitors online or page views, in its own shadow root. */
import r2wc from '@r2wc/react-to-web-component';
import { defineElement } from '../shared/defineElement.ts';
import { LiveCounterWidget } from './LiveCounterWidget.tsx';

/** The element class; attributes: figure, label, label-one, locale, api. */
export const LiveCounterElement = r2wc(LiveCounterWidget, {
  shadow: 'open',
  props: {
    figure: 'string',
    label: 'string',
    labelOne: 'string',
    locale: 'string',
    api: 'string',
  },
});

defineElement('live-counter', LiveCounterElement);

declare global {
  interface HTMLElementTagNameMap {
    'live-counter': InstanceType<typeof LiveCounterElement>;
  }
}
