/**
 * The widgets' element class on preact-custom-element (Preact's own custom-element wrapper) instead
 * of widgets/shared/widgetElement.ts: the same `widgetElement` and `defineElement`, so the elements
 * build unchanged when both modules resolve here (bench/packages.ts weighs the widget build so).
 * The library registers the element itself and its class cannot be extended (its constructor makes
 * the element with itself as `new.target`), so this adapter hands it a bridge component and adds,
 * on the class the library defines, what the library lacks: the shadow root as the `container`
 * prop, presence booleans into the element's state, the element's state and JS API, camelCase
 * properties (the library's are named after the attribute, `label-one`) that remove their attribute
 * when un-set (the library's write the string "null") and read it before the first connection
 * (the library's throw there), and an emptied attribute as an un-set prop (the library passes '').
 */
import { createElement } from 'preact';
import register from 'preact-custom-element';
import type { ComponentType } from 'react';
import { attachHostState, HostState } from '../widgets/shared/hostState.ts';
import type { WidgetElement, WidgetElementOptions } from '../widgets/shared/widgetElement.ts';

interface Spec {
  component: ComponentType<never>;
  options: WidgetElementOptions<object>;
}

const specs = new WeakMap<object, Spec>();
const stateOf = new WeakMap<HTMLElement, HostState<object>>();
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** A base class that only carries the widget's component and options to `defineElement`. */
export function widgetElement<P extends object, S extends object>(
  component: ComponentType<P>,
  options: WidgetElementOptions<S>,
): new () => WidgetElement<S> {
  const base = class extends HTMLElement {} as unknown as new () => WidgetElement<S>;
  specs.set(base, {
    component: component as ComponentType<never>,
    options: options as unknown as WidgetElementOptions<object>,
  });
  return base;
}

/**
 * What the library renders: the widget's component with its string props (an emptied attribute
 * un-set) and its shadow root as `container`, both put among the library's props at connection.
 */
function Bridge(given: Record<string, unknown> & { spec: Spec }) {
  const props: Record<string, unknown> = { container: given.container };
  for (const prop of given.spec.options.props) props[prop] = given[prop] || undefined;
  return createElement(given.spec.component as never, props);
}

/** The element's state, made on first need. */
function hostState(element: HTMLElement, spec: Spec): HostState<object> {
  let state = stateOf.get(element);
  if (!state) {
    state = new HostState(spec.options.initial());
    stateOf.set(element, state);
    attachHostState(element, state);
  }
  return state;
}

/** What the library's class gets before it is defined: our callbacks, properties and JS API. */
function complete(proto: Record<string, unknown>, element: CustomElementConstructor, spec: Spec) {
  const { booleans, props } = spec.options;
  const library = {
    connected: proto.connectedCallback as () => void,
    changed: proto.attributeChangedCallback as (...args: unknown[]) => void,
  };
  Object.defineProperty(proto, 'state', {
    get(this: HTMLElement) {
      return hostState(this, spec);
    },
  });
  proto.connectedCallback = function (this: HTMLElement & { _props?: object }) {
    hostState(this, spec);
    // The library spreads the props it keeps for a disconnected element into every render.
    this._props = { ...this._props, container: this.shadowRoot, spec };
    library.connected.call(this);
  };
  proto.attributeChangedCallback = function (this: HTMLElement, name: string, ...rest: unknown[]) {
    const key = booleans[name];
    if (key !== undefined) hostState(this, spec).set({ [key]: rest[1] !== null });
    else library.changed.call(this, name, ...rest);
  };
  for (const prop of props) {
    const attribute = kebab(prop);
    Object.defineProperty(proto, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute) || undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null || value === '') this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  Object.defineProperties(proto, Object.getOwnPropertyDescriptors(element.prototype));
}

/** Registers a widget element once, through preact-custom-element. */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (customElements.get(tag)) return;
  const spec = specs.get(Object.getPrototypeOf(element));
  if (!spec) throw new Error(`${tag} is not a widget element.`);
  const { props, booleans } = spec.options;
  const registry = customElements;
  const define = registry.define;
  registry.define = (name, library, options) => {
    // Given no prop names, the library defines no properties (its own cannot be redefined).
    Object.assign(library, { observedAttributes: [...props.map(kebab), ...Object.keys(booleans)] });
    complete(library.prototype as never, element, spec);
    define.call(registry, name, library, options);
  };
  try {
    register(Bridge, tag, [], { shadow: true, mode: 'open' });
  } finally {
    registry.define = define;
  }
}
