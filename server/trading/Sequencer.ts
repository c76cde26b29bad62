/**
 * The sequencer: one queue in arrival order, run in batches one at a time, so the books have a
 * single writer. A batch starts on the turn after its first command arrives, so that every
 * command of that turn joins it.
 */

/** A queued command and the caller waiting for its answer. */
export interface Waiting<C, R> {
  command: C;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Commands a batch carries at most: enough to amortise a commit, small enough to answer fast. */
const MAX_BATCH = 256;

/** Queues commands and hands them, in order, to `runBatch` a batch at a time. */
export class Sequencer<C, R> {
  private readonly queue: Waiting<C, R>[] = [];
  private running: Promise<void> | null = null;

  constructor(
    /** Runs one batch and answers every caller in it. */
    private readonly runBatch: (batch: Waiting<C, R>[]) => Promise<void>,
  ) {}

  /** Queues a command; resolves with what its batch answers. */
  enqueue(command: C): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      this.start();
    });
  }

  // The batch starts after this turn's other commands have joined it. A command queued after the
  // drain last looked, while it was ending, starts the next drain.
  private start(): void {
    this.running ??= new Promise<void>((started) => setImmediate(started))
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
        if (this.queue.length > 0) this.start();
      });
  }

  /** Waits for every queued command to be done. */
  async settled(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.runBatch(batch);
      } catch (error) {
        // runBatch answers its callers itself; should it throw, they hear why, and the queue goes
        // on rather than the process ending on an unheard rejection.
        for (const caller of batch) caller.reject(error);
      }
    }
  }
}
