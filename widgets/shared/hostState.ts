/**
 * The state one element instance owns: what its presence-boolean attributes and its JS API
 * (`open()`, `close()` ...) set, read by its component. Kept per element in a WeakMap, so two
 * elements on a page never share it and a removed element leaves nothing behind.
 */
import { useSyncExternalStore } from 'react';

/** A small observable value. */
export class HostState<T extends object> {
  #value: T;
  readonly #listeners = new Set<() => void>();

  constructor(initial: T) {
    this.#value = initial;
  }

  /** The current value (a new object after every change). */
  readonly get = (): T => this.#value;

  /** Merges `patch` in and tells the subscribers, when anything changed. */
  set(patch: Partial<T>): void {
    const next = { ...this.#value, ...patch };
    const keys = Object.keys(patch) as (keyof T)[];
    if (keys.every((key) => Object.is(next[key], this.#value[key]))) return;
    this.#value = next;
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

const states = new WeakMap<Element, HostState<object>>();

/** Gives `element` its state. */
export function attachHostState<T extends object>(element: Element, state: HostState<T>): void {
  states.set(element, state);
}

/** The element hosting a component rendered into `container`, its shadow root. */
export function hostOf(container: unknown): HTMLElement | null {
  return container instanceof ShadowRoot && container.host instanceof HTMLElement
    ? container.host
    : null;
}

/** The state of the element hosting `container`. */
export function hostStateOf<T extends object>(container: unknown): HostState<T> | null {
  const host = hostOf(container);
  return host ? ((states.get(host) as HostState<T> | undefined) ?? null) : null;
}

const EMPTY = new HostState<object>({});

/** Reads a host state in a component and re-renders when it changes. */
export function useHostState<T extends object>(state: HostState<T> | null, fallback: T): T {
  const source = (state ?? EMPTY) as HostState<T>;
  const value = useSyncExternalStore(source.subscribe, source.get);
  return state ? value : fallback;
}
