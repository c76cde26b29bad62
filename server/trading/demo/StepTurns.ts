/**
 * The demo's steps on one server, one at a time, first come first served. Spread, a server may
 * own several pairs, each with its own demo trading the same two accounts: run side by side,
 * their batches lock those accounts' balances in other orders and PostgreSQL ends some to break
 * the deadlock, and several pasts at once crowd out the owners' heartbeats. Taking turns keeps
 * a server's demo to one batch at a time, as it is on a market of one unit.
 *
 * A unit given up must stop at once (its owner stops saying it is alive meanwhile), so a step
 * still waiting for its turn is withdrawn when its demo halts, never run.
 */

/** A demo asked to stop: `asked` now, and `signal` settled from then on. */
export class Halt {
  asked = false;
  private settle: () => void = () => {};
  /** Settles when the halt is asked. */
  readonly signal = new Promise<void>((resolve) => {
    this.settle = resolve;
  });

  /** Asks the halt. */
  ask(): void {
    this.asked = true;
    this.settle();
  }
}

/** See the file comment. */
export class StepTurns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /**
   * Runs `step` once every step asked for before it is over, and resolves with what it returns;
   * null, without running it, when `halt` is asked first.
   */
  async take<T>(step: () => Promise<T>, halt: Halt): Promise<T | null> {
    if (halt.asked) return null;
    if (this.busy && !(await this.turn(halt))) return null;
    this.busy = true;
    try {
      return await step();
    } finally {
      this.handOn();
    }
  }

  /** Waits for the turn: true once given it, false when the halt came first. */
  private async turn(halt: Halt): Promise<boolean> {
    let wake = () => {};
    const given = new Promise<boolean>((resolve) => {
      wake = () => resolve(true);
      this.waiting.push(wake);
    });
    if (await Promise.race([given, halt.signal.then(() => false)])) return true;
    const at = this.waiting.indexOf(wake);
    if (at >= 0) this.waiting.splice(at, 1);
    // Given meanwhile: it goes to the next in line.
    else this.handOn();
    return false;
  }

  private handOn(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.busy = false;
    else next();
  }
}
