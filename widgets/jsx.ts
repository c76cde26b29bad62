/**
 * JSX typings of the elements for React (19+) users, site included: `import type {} from
 * '<exchange>/widgets/jsx.ts'` lets TSX place `<live-counter figure="views" />` with checked
 * attributes. Presence booleans take `""` (or are left out), as in HTML.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type WidgetTag<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  Attributes & { api?: string };

/** A presence-boolean attribute: present (any value, usually "") or absent. */
type Presence = '' | boolean;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'live-counter': WidgetTag<{
        figure?: 'count' | 'views';
        label?: string;
        'label-one'?: string;
        locale?: string;
      }>;
      // No `open` here: React 19 would assign it to the element's open() method. Call
      // ref.current.open() instead, or set the attribute outside React.
      'support-chat': WidgetTag<{ label?: string; heading?: string; 'hide-launcher'?: Presence }>;
      'notice-modal': WidgetTag<object>;
      'faq-search': WidgetTag<{ slug?: string; heading?: string; hotkey?: Presence }>;
    }
  }
}
