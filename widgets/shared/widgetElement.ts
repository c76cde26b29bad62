/**
 * Builds a custom element class from a widget component, rendered by Preact in an open shadow root
 * that the component receives as its `container` prop. String attributes map to props (a camelCase
 * prop, its kebab-case attribute; a removed or emptied attribute un-sets the prop) and each has a
 * property reflected to its attribute; presence-boolean attributes (a bare `open` is true) and the
 * JS API write to the element's own HostState, which the component reads through its root's host.
 * The component is mounted while the element is connected: moving the element starts it afresh.
 * Our own rather than @r2wc/react-to-web-component, which needs React's `createRoot` (preact/compat
 * in the widget build) and parses types the widgets never use, nor preact-custom-element, which
 * weighs twice this class and lacks host state, presence booleans and an extendable class (with an
 * adapter, bench/widgetElementOnLibrary.ts, +1.2 KB gzip): see docs/widgets.md for the figures.
 */
import { createElement, render } from 'preact';
import type { ComponentType } from 'react';
import { attachHostState, HostState } from './hostState.ts';

/** How an element maps its attributes. */
export interface WidgetElementOptions<S extends object> {
  /** String attributes, by prop name (camelCase; the attribute is its kebab-case form). */
  props: readonly string[];
  /** Presence-boolean attributes and the state key each one sets. */
  booleans: Readonly<Record<string, keyof S>>;
  /** A fresh state for each new element. */
  initial: () => S;
}

/** The element base class every widget extends: an HTMLElement with its HostState. */
export interface WidgetElement<S extends object> extends HTMLElement {
  readonly state: HostState<S>;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** An element class rendering `component` in an open shadow root. */
export function widgetElement<P extends object, S extends object>(
  component: ComponentType<P>,
  options: WidgetElementOptions<S>,
): new () => WidgetElement<S> {
  const propOfAttribute = new Map(options.props.map((name) => [kebab(name), name]));
  const booleans = options.booleans;

  class Element extends HTMLElement {
    static readonly observedAttributes = [...propOfAttribute.keys(), ...Object.keys(booleans)];

    readonly state = new HostState<S>(options.initial());
    readonly #root = this.attachShadow({ mode: 'open' });
    readonly #props: Record<string, unknown> = { container: this.#root };
    #connected = false;

    constructor() {
      super();
      attachHostState(this, this.state);
    }

    connectedCallback(): void {
      this.#connected = true;
      this.#render();
    }

    disconnectedCallback(): void {
      this.#connected = false;
      render(null, this.#root);
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const key = booleans[name];
      if (key !== undefined) {
        this.state.set({ [key]: value !== null } as Partial<S>);
        return;
      }
      const prop = propOfAttribute.get(name);
      if (prop === undefined) return;
      this.#props[prop] = value || undefined;
      this.#render();
    }

    #render(): void {
      if (!this.#connected) return;
      render(createElement(component as never, { ...this.#props }), this.#root);
    }
  }

  for (const [attribute, prop] of propOfAttribute) {
    Object.defineProperty(Element.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute) || undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null || value === '') this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return Element;
}
