/**
 * The account stream's gate: what a subscriber gets between asking for its account's first
 * message (a snapshot, or a resume read from the database) and getting it. Live messages meant for
 * it meanwhile wait here; once the first messages are sent, those that wait follow them, less the
 * batches the first messages already hold (seq at or below theirs). From then on the subscriber
 * keeps that seq as a floor until this server's own stream has passed it: a follower whose replica
 * is behind the database a resume read must not send a batch the resume already sent.
 */
import type { Subscriber } from './Subscriber.ts';

/** One message as the feed sends it: its JSON text, and its seq when it is an `account` one. */
export interface GatedMessage {
  text: string;
  seq: number | null;
}

/** See the file comment. */
export class AccountGate {
  private readonly waiting = new Map<Subscriber, GatedMessage[]>();
  private readonly floors = new Map<Subscriber, number>();

  /** Whether any subscriber is held or has a floor (the feed's fast path skips the gate else). */
  get busy(): boolean {
    return this.waiting.size > 0 || this.floors.size > 0;
  }

  /** Holds the live messages meant for `subscriber` until `open`. */
  hold(subscriber: Subscriber): void {
    this.waiting.set(subscriber, []);
  }

  /**
   * Of `subscribers`, those `message` goes to now; the held ones keep it for later, and those
   * whose floor it is at or below do not get it.
   */
  pass(subscribers: Iterable<Subscriber>, message: GatedMessage): Subscriber[] {
    const passed: Subscriber[] = [];
    for (const subscriber of subscribers) {
      const held = this.waiting.get(subscriber);
      if (held !== undefined) held.push(message);
      else if (!this.below(subscriber, message)) passed.push(subscriber);
    }
    return passed;
  }

  /**
   * Ends the hold: the first messages' texts, then what waited past `upTo`, as one frame's texts.
   * `now` is the seq this server's stream has published: a floor at or below it is not kept.
   */
  open(subscriber: Subscriber, upTo: number, first: readonly string[], now: number): string[] {
    const held = this.waiting.get(subscriber) ?? [];
    this.waiting.delete(subscriber);
    if (upTo > now) this.floors.set(subscriber, upTo);
    else this.floors.delete(subscriber);
    const later = held.filter((message) => message.seq === null || message.seq > upTo);
    return [...first, ...later.map((message) => message.text)];
  }

  /** Forgets a subscriber (gone, or its first messages could not be read). */
  drop(subscriber: Subscriber): void {
    this.waiting.delete(subscriber);
    this.floors.delete(subscriber);
  }

  /** Drops the floors this server's stream has reached (`now`: its last published seq). */
  passed(now: number): void {
    for (const [subscriber, floor] of this.floors) {
      if (floor <= now) this.floors.delete(subscriber);
    }
  }

  private below(subscriber: Subscriber, message: GatedMessage): boolean {
    const floor = this.floors.get(subscriber);
    return floor !== undefined && message.seq !== null && message.seq <= floor;
  }
}
