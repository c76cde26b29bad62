/**
 * One typed bus for news one domain publishes and others follow, so the publisher never imports
 * its listeners. Delivery is in process today; every payload is plain JSON so that the same
 * events can later travel between servers (PostgreSQL LISTEN/NOTIFY carries text), which is also
 * why a listener must not count on hearing the news before `publish` returns.
 */

/** A value JSON can carry unchanged: no dates, maps, class instances, functions or undefined. */
export type Json =
  | string
  | number
  | boolean
  | null
  | readonly Json[]
  | { readonly [key: string]: Json };

/** Hears one event's payload. */
export type Listener<Payload> = (payload: Payload) => void;

/** Event names with their payloads, each JSON-serialisable. */
export type EventMap<Events> = { [Name in keyof Events]: Json };

/** Publishes events of `Events` to whoever subscribed to their name. */
export class EventBus<Events extends EventMap<Events>> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Tells every listener of `name` (call it after the commit that made the news). */
  publish<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    const listeners = this.listeners.get(name) as Set<Listener<Events[Name]>> | undefined;
    if (listeners === undefined) return;
    for (const listener of [...listeners]) listener(payload);
  }

  /** Listens to `name`; returns the function that stops listening. */
  subscribe<Name extends keyof Events>(name: Name, listener: Listener<Events[Name]>): () => void {
    let listeners = this.listeners.get(name) as Set<Listener<Events[Name]>> | undefined;
    if (listeners === undefined) {
      listeners = new Set();
      this.listeners.set(name, listeners as Set<Listener<never>>);
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  }
}
