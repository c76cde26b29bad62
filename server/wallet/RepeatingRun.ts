/**
 * A job the wallet repeats on a timer (a devnet block, a withdrawal run), one run at a time: a
 * run that fails is logged and the next comes all the same; `stop` waits for a run under way,
 * so the database can close after it.
 */

/** See the file comment. */
export class RepeatingRun {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  private constructor(
    private readonly job: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs `job` every `intervalMs`, the first time one interval from now, until stopped. */
  static start(
    job: () => Promise<unknown>,
    intervalMs: number,
    failed: (error: unknown) => void,
  ): RepeatingRun {
    const run = new RepeatingRun(job, intervalMs, failed);
    run.schedule();
    return run;
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.job()
        .catch(this.failed)
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.intervalMs);
  }
}
