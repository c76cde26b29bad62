/**
 * A demo asked to stop. A unit given up must be free at once (its owner stops saying it is
 * alive meanwhile), so the past and the live steps look at it before each step, and only the
 * step under way is waited for.
 */

/** See the file comment. */
export class Halt {
  /** Whether the stop was asked. */
  asked = false;

  /** Asks the stop. */
  ask(): void {
    this.asked = true;
  }
}
