/**
 * Builds a custom element class from a widget component with r2wc, adding what r2wc lacks
 * (shared/TOOLCHAIN.md): boolean attributes that count by presence (a bare `open` is true), and
 * attributes that un-set their prop when removed. Boolean attributes and the JS API write to the
 * element's own HostState, which the component reads through its shadow root's host.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { attachHostState, HostState } from './hostState.ts';

// r2wc keeps an element's props and its re-render under these registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
}

/** How an element maps its attributes. */
export interface WidgetElementOptions<S extends object> {
  /** String attributes, by prop name (camelCase; the attribute is its kebab-case form). */
  props: readonly string[];
  /** Presence-boolean attributes and the state key each one sets. */
  booleans: Readonly<Record<string, keyof S>>;
  /** A fresh state for each new element. */
  initial: () => S;
}

/** The element base class every widget extends: r2wc's element plus its HostState. */
export interface WidgetElement<S extends object> extends HTMLElement {
  readonly state: HostState<S>;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** An element class rendering `component` in an open shadow root. */
export function widgetElement<P extends object, S extends object>(
  component: ComponentType<P>,
  options: WidgetElementOptions<S>,
): new () => WidgetElement<S> {
  const Base = r2wc(component, {
    shadow: 'open',
    // A list of names makes every one a string prop.
    props: [...options.props] as never,
  }) as unknown as {
    new (): HTMLElement;
    readonly observedAttributes: string[];
  };
  const propOfAttribute = new Map(options.props.map((name) => [kebab(name), name]));
  const booleans = options.booleans;

  return class extends Base {
    static get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...Object.keys(booleans)];
    }

    readonly state = new HostState<S>(options.initial());

    constructor() {
      super();
      attachHostState(this, this.state);
      for (const [attribute, key] of Object.entries(booleans)) {
        if (this.hasAttribute(attribute)) this.state.set({ [key]: true } as Partial<S>);
      }
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const key = booleans[name];
      if (key !== undefined) {
        this.state.set({ [key]: value !== null } as Partial<S>);
        return;
      }
      const prop = propOfAttribute.get(name);
      if (prop !== undefined && !value) {
        // r2wc ignores a removed or emptied attribute; the prop goes back to its default.
        const self = this as unknown as R2wcInternals;
        self[PROPS][prop] = undefined;
        self[RENDER]();
        return;
      }
      (
        Base.prototype as { attributeChangedCallback(n: string, o: unknown, v: unknown): void }
      ).attributeChangedCallback.call(this, name, old, value);
    }
  };
}
