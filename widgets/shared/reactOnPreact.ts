/**
 * React's API as the widgets use it, on Preact alone: what `react` resolves to in the widget build
 * (vite.widgets.config.ts) and in the widgets' component tests. The components are written against
 * React, because the site renders some of them on React 19; preact/compat would give them all of
 * React's API for 3.7 KB gzip of the first download, where they use hooks, `createElement` and
 * two event habits. A widget that needs more of React fails its build (the export is missing) or
 * its component test, which run on this module too.
 */
import { type ComponentChildren, createElement, Fragment, options, type VNode } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

export {
  useCallback,
  useContext,
  useDebugValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';
export { createElement, Fragment };

/** The `children` of a component, as React names it. */
export type ReactNode = ComponentChildren;

interface Snapshot<T> {
  value: T;
  get: () => T;
}

const changed = <T>(inst: Snapshot<T>) => !Object.is(inst.value, inst.get());

/**
 * React's `useSyncExternalStore`: the store's current value, re-rendering when a subscriber call
 * finds it changed (a change between render and subscription included).
 */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const value = getSnapshot();
  const [{ inst }, force] = useState({ inst: { value, get: getSnapshot } });
  useLayoutEffect(() => {
    inst.value = value;
    inst.get = getSnapshot;
    if (changed(inst)) force({ inst });
  }, [inst, value, getSnapshot]);
  useEffect(() => {
    const check = () => {
      if (changed(inst)) force({ inst });
    };
    check();
    return subscribe(check);
  }, [inst, subscribe]);
  return value;
}

// React's `onChange` on a text field fires on every keystroke (the DOM's `input` event), not on
// blur as the DOM's `change` does; file inputs, checkboxes and radios keep `change`.
const CHANGE_KEEPS = /^(file|checkbox|radio)$/;
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown>;
  if (
    (vnode.type === 'input' || vnode.type === 'textarea') &&
    props.onChange &&
    !CHANGE_KEEPS.test(String(props.type))
  ) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  previousVnode?.(vnode);
};

// React's events carry the DOM event as `nativeEvent` (e.g. `isComposing` while an IME composes).
const previousEvent = options.event;
options.event = (event: Event) => {
  const dom = previousEvent ? previousEvent(event) : event;
  return Object.assign(dom, { nativeEvent: dom });
};
