/**
 * One typed bus for news one domain publishes and others follow, so the publisher never imports
 * its listeners. A server's own listeners hear an event at once; with a relay (PostgresRelay,
 * when several servers share a PostgreSQL database) every other server's listeners hear it too.
 * So every payload is plain JSON, small (ids, not rows: NOTIFY carries at most 8,000 bytes), and a
 * listener must not count on hearing the news before `publish` returns.
 */
import { randomUUID } from 'node:crypto';

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

/** Carries an event published on this server to the other servers. */
export type Relay = (name: string, payload: Json) => void;

/** Publishes events of `Events` to whoever subscribed to their name, on every server. */
export class EventBus<Events extends EventMap<Events>> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();
  private relay: Relay | null = null;
  /** Names this bus among the servers' buses, so a relay can skip its own news coming back. */
  readonly origin = randomUUID();

  /** Tells every listener of `name` here, and through the relay on every other server. */
  publish<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    this.relay?.(String(name), payload);
    this.deliver(name, payload);
  }

  /**
   * Sends what is published here on through `relay` too; returns the function that stops it.
   * One relay at a time: servers of one test sharing a bus share its one relay.
   */
  relayTo(relay: Relay): () => void {
    this.relay = relay;
    return () => {
      if (this.relay === relay) this.relay = null;
    };
  }

  /** Tells this server's listeners of `name` only: news a relay brought from another server. */
  deliver<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
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
