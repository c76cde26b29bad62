/**
 * The account stream's gate: each subscriber gets its account's updates exactly once and in seq
 * order (accountSeqs.ts: an account's seqs are 1, 2, 3 ... with no gap), whatever order this
 * server hears them in. A server hears the batches of different units from different owners, so
 * an update may come before one with a lower seq; it waits here until those before it came, and
 * one that waits longer than GAP_MS makes the feed read what is missing from the database (a
 * resume from the last seq sent), which ends the wait.
 *
 * Between asking for its first messages (a snapshot, or a resume read from the database) and
 * getting them, everything meant for a subscriber waits here too; once the first messages are
 * sent, those that waited follow them, less the updates they already hold (seq at or below
 * theirs). A wallets-only update carries the seq the subscriber stands at, so a program that
 * resumes from it never skips an update still on its way.
 */
import type { Subscriber } from './Subscriber.ts';

/** How long an update may wait for one with a lower seq before the gap is read from the database. */
export const GAP_MS = 1_000;

/** One message as the feed sends it to an account's subscribers. */
export type GatedMessage =
  /** An update of one batch, numbered: in seq order, once. */
  | { kind: 'update'; seq: number; text: string }
  /** Not numbered (verification, P2P, wallet activity): sent as it comes. */
  | { kind: 'other'; text: string }
  /** The wallets: sent at once with the seq the subscriber stands at. */
  | { kind: 'wallets'; text: (seq: number) => string };

/** Where one subscriber stands. */
interface Place {
  /** Messages that came while its first messages were read; null once they were sent. */
  opening: GatedMessage[] | null;
  /** The last seq it was sent. */
  last: number;
  /** Updates that came before one with a lower seq, by seq. */
  early: Map<number, string>;
  /** Since when (ms) the oldest of `early` waits; null when none does. */
  waitingSince: number | null;
}

/** See the file comment. */
export class AccountGate {
  private readonly places = new Map<Subscriber, Place>();

  /** Holds the messages meant for `subscriber` until `open` (its seq so far is kept). */
  hold(subscriber: Subscriber): void {
    const place = this.places.get(subscriber);
    if (place === undefined) {
      this.places.set(subscriber, { opening: [], last: 0, early: new Map(), waitingSince: null });
    } else place.opening ??= [];
  }

  /** The last seq the subscriber was sent; undefined before its first messages. */
  lastOf(subscriber: Subscriber): number | undefined {
    const place = this.places.get(subscriber);
    return place === undefined || (place.opening !== null && place.last === 0)
      ? undefined
      : place.last;
  }

  /** What each of `subscribers` is sent now because of `message`, in order. */
  pass(subscribers: Iterable<Subscriber>, message: GatedMessage): Map<Subscriber, string[]> {
    const sent = new Map<Subscriber, string[]>();
    for (const subscriber of subscribers) {
      const place = this.places.get(subscriber);
      if (place === undefined) continue;
      if (place.opening !== null) place.opening.push(message);
      else {
        const texts = deliver(place, message);
        if (texts.length > 0) sent.set(subscriber, texts);
      }
    }
    return sent;
  }

  /**
   * Ends the hold: the first messages' texts, then what waited that they do not hold, as one
   * frame's texts. `upTo` is the seq the first messages stand at.
   */
  open(subscriber: Subscriber, upTo: number, first: readonly string[]): string[] {
    const place = this.places.get(subscriber);
    if (place === undefined) return [...first];
    const held = place.opening ?? [];
    place.opening = null;
    place.last = Math.max(place.last, upTo);
    for (const seq of place.early.keys()) if (seq <= place.last) place.early.delete(seq);
    const texts = [...first, ...flush(place)];
    for (const message of held) texts.push(...deliver(place, message));
    if (place.early.size === 0) place.waitingSince = null;
    return texts;
  }

  /** Subscribers whose updates have waited for a lower seq since before `before` (ms). */
  stalled(before: number): Subscriber[] {
    const found: Subscriber[] = [];
    for (const [subscriber, place] of this.places) {
      if (place.opening === null && place.waitingSince !== null && place.waitingSince < before) {
        found.push(subscriber);
      }
    }
    return found;
  }

  /** Forgets a subscriber (gone, or its first messages could not be read). */
  drop(subscriber: Subscriber): void {
    this.places.delete(subscriber);
  }

  /** A subscriber whose first messages could not be read: its hold ends, what it holds stays. */
  release(subscriber: Subscriber): void {
    const place = this.places.get(subscriber);
    if (place === undefined) return;
    if (place.last === 0) this.places.delete(subscriber);
    else place.opening = null;
  }
}

/** What one subscriber is sent now because of `message`. */
function deliver(place: Place, message: GatedMessage): string[] {
  switch (message.kind) {
    case 'other':
      return [message.text];
    case 'wallets':
      return [message.text(place.last)];
    case 'update': {
      if (message.seq <= place.last) return [];
      if (message.seq > place.last + 1) {
        place.early.set(message.seq, message.text);
        place.waitingSince ??= Date.now();
        return [];
      }
      place.last = message.seq;
      return [message.text, ...flush(place)];
    }
  }
}

/** The early updates that follow the last seq sent, now in order. */
function flush(place: Place): string[] {
  const texts: string[] = [];
  for (let text = place.early.get(place.last + 1); text !== undefined; ) {
    place.early.delete(place.last + 1);
    place.last += 1;
    texts.push(text);
    text = place.early.get(place.last + 1);
  }
  place.waitingSince = place.early.size === 0 ? null : Date.now();
  return texts;
}
