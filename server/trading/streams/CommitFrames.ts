/**
 * The frames one commit causes: each message is serialised once, and each subscriber gets the
 * messages meant for it as one frame (a JSON array when there are several). Subscribers that get
 * the same messages share one frame, encoded once: a thousand sockets watching the same pair cost
 * one string and one buffer, not a thousand.
 */
import type { Subscriber } from './Subscriber.ts';

/** One run of messages: the run before it plus one more (a path in a tree of runs). */
class Run {
  readonly longer = new Map<number, Run>();

  constructor(
    readonly before: Run | null,
    readonly text: string,
  ) {}

  /** The run's frame: its one message, or its messages as a JSON array. */
  frame(): Buffer {
    const texts: string[] = [];
    for (let run: Run = this; run.before !== null; run = run.before) texts.push(run.text);
    texts.reverse();
    return Buffer.from(texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(',')}]`);
  }
}

/** One frame and who gets it. */
export interface Frame {
  frame: Buffer;
  subscribers: Subscriber[];
}

/** See the file comment. */
export class CommitFrames {
  private readonly start = new Run(null, '');
  private readonly at = new Map<Subscriber, Run>();
  private added = 0;

  /** Adds a message (its JSON text) for each of `subscribers`, after their earlier ones. */
  add(text: string, subscribers: Iterable<Subscriber>): void {
    const index = this.added++;
    for (const subscriber of subscribers) {
      const from = this.at.get(subscriber) ?? this.start;
      let to = from.longer.get(index);
      if (to === undefined) {
        to = new Run(from, text);
        from.longer.set(index, to);
      }
      this.at.set(subscriber, to);
    }
  }

  /** Every distinct frame once, with the subscribers that get it. */
  frames(): Frame[] {
    const byRun = new Map<Run, Subscriber[]>();
    for (const [subscriber, run] of this.at) {
      const group = byRun.get(run);
      if (group === undefined) byRun.set(run, [subscriber]);
      else group.push(subscriber);
    }
    return [...byRun].map(([run, subscribers]) => ({ frame: run.frame(), subscribers }));
  }
}
