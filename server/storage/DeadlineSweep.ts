/**
 * A background sweep of things that fall due (unpaid trades, unpaid purchases). On the embedded
 * database this server is the only writer, so every deadline is one it made or found: the sweep
 * sleeps until the next deadline its last run found, and code that makes a new one wakes it
 * (`wake`); a slow beat stays underneath as a net for a row changed by hand. On PostgreSQL other
 * servers write beside this one, and one that made a deadline may die before it falls due, so
 * every server keeps sweeping on a fixed beat there (each sweep is safe on many servers at once).
 */

/** What one run does: sweeps what is due, and answers the next deadline it knows of, if any. */
export type SweepRun = () => Promise<Date | null>;

/** How the sweep keeps time. */
export interface SweepPace {
  /** Whether this server is the database's only writer (the embedded database). */
  alone: boolean;
  /** The fixed beat on a shared database, in ms. */
  everyMs: number;
  /** The longest sleep when alone, in ms: the net for deadlines nobody told of. */
  netMs: number;
}

/** See the file comment. */
export class DeadlineSweep {
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires, in ms since the epoch. */
  private timerAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly run: SweepRun,
    private readonly pace: SweepPace,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs once now (catching up on what fell due while the server was down), then keeps time. */
  async start(): Promise<void> {
    await this.runNow();
  }

  /**
   * A deadline was made at `at` (or something may be due at once, with no `at`): on the
   * embedded database the sweep runs by then; on a shared one its beat already covers it.
   */
  wake(at?: Date): void {
    if (this.stopped || !this.pace.alone) return;
    if (at === undefined) {
      void this.runNow();
      return;
    }
    this.sleepUntil(at.getTime());
  }

  /** Stops keeping time; a run under way finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private runNow(): Promise<void> {
    if (this.running !== null) {
      // A wake during a run: its deadline may be earlier than the one the run will find.
      this.again = true;
      return this.running;
    }
    this.running = this.once().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runNow();
      }
    });
    return this.running;
  }

  private async once(): Promise<void> {
    this.clearTimer();
    let next: Date | null = null;
    try {
      next = await this.run();
    } catch (error) {
      this.onError(error);
    }
    if (this.stopped) return;
    const now = Date.now();
    if (!this.pace.alone) this.sleepUntil(now + this.pace.everyMs);
    else
      this.sleepUntil(Math.min(next?.getTime() ?? Number.POSITIVE_INFINITY, now + this.pace.netMs));
  }

  // Keeps the earlier of the timer set and `at`.
  private sleepUntil(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        void this.runNow();
      },
      Math.max(0, at - Date.now()),
    );
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
