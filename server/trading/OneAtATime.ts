/** A job that runs one at a time: asked while it runs, it runs once more afterwards. */

/** See the file comment. */
export class OneAtATime {
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly job: () => Promise<void>,
    /** Hears a run's failure; the next ask runs the job again. */
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs the job; resolves once a run that started after this call is over. */
  run(): Promise<void> {
    if (this.current === null) {
      this.current = this.start();
      return this.current;
    }
    this.next ??= this.current.then(() => {
      this.next = null;
      this.current = this.start();
      return this.current;
    });
    return this.next;
  }

  /** Resolves once no run is under way or asked for. */
  async idle(): Promise<void> {
    while (this.current !== null || this.next !== null) await (this.next ?? this.current);
  }

  private start(): Promise<void> {
    const started: Promise<void> = this.job()
      .catch((error: unknown) => this.failed(error))
      .then(() => {
        if (this.current === started) this.current = null;
      });
    return started;
  }
}
