/**
 * Sends frames to their subscribers strictly in the order they were handed over, a batch of
 * sockets at a time: after each batch the event loop runs whatever else waits (API calls, other
 * sockets, the next commit) before the fan-out goes on, so a thousand sockets never hold the
 * server for the whole of one fan-out. Since every frame goes through the one queue, a subscriber
 * receives its frames in the order they were made — a book snapshot before the updates after it,
 * each update before the next.
 *
 * Whoever hands frames over can ask to hear when the queue runs empty (`idle`), to hold what comes
 * meanwhile and hand it over then, merged: a socket behind by several commits is then written once
 * for all of them (MarketFeed.ts).
 */
import type { Frame } from './CommitFrames.ts';
import type { Subscriber } from './Subscriber.ts';

/**
 * Sockets written to before the fan-out lets other work run: a loopback write costs about 15 µs
 * here, so a batch holds the loop for under 10 ms, and a thousand sockets are done in two. Every
 * pause lets other work in ahead of the batches still to go, so smaller batches make the last
 * sockets wait longer.
 */
export const FAN_OUT_BATCH = 500;

interface Job extends Frame {
  /** Index of the next subscriber to send to. */
  next: number;
}

/** See the file comment. */
export class FanOut {
  private jobs: Job[] = [];
  private pending: NodeJS.Immediate | null = null;
  private draining = false;

  constructor(
    private readonly batch = FAN_OUT_BATCH,
    /** Called when the last queued frame has gone out; it may hand over more at once. */
    private readonly idle: () => void = () => {},
  ) {}

  /** Whether frames wait to be sent: what is handed over now goes out after them. */
  get busy(): boolean {
    return this.jobs.length > 0;
  }

  /**
   * Queues `frame` for `subscribers` (the array is the fan-out's from now on: not copied); an
   * idle fan-out sends the first batch at once.
   */
  send(frame: Buffer, subscribers: Subscriber[]): void {
    if (subscribers.length === 0) return;
    this.jobs.push({ frame, subscribers, next: 0 });
    if (this.pending === null && !this.draining && this.jobs.length === 1) this.drain();
  }

  /** Forgets every frame not yet sent (server shutdown). */
  close(): void {
    this.jobs = [];
    if (this.pending !== null) clearImmediate(this.pending);
    this.pending = null;
  }

  private drain(): void {
    this.pending = null;
    this.draining = true;
    try {
      let budget = this.batch;
      while (budget > 0 && this.jobs.length > 0) budget -= this.sendSome(budget);
      // Run empty: what was held while it was busy is handed over now, and goes from the next turn.
      if (this.jobs.length === 0) this.idle();
    } finally {
      this.draining = false;
    }
    if (this.jobs.length > 0) this.pending = setImmediate(() => this.drain());
  }

  /** Sends the first job's frame to up to `budget` more of its subscribers; returns how many. */
  private sendSome(budget: number): number {
    const job = this.jobs[0];
    if (job === undefined) return budget;
    const end = Math.min(job.subscribers.length, job.next + budget);
    for (let i = job.next; i < end; i += 1) {
      try {
        job.subscribers[i]?.sendFrame(job.frame);
      } catch (error) {
        // One socket's failure must not stop the frame reaching the others.
        console.error('A market stream send failed:', error);
      }
    }
    const sent = end - job.next;
    job.next = end;
    if (end === job.subscribers.length) this.jobs.shift();
    return sent;
  }
}
