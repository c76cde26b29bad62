/**
 * The sends waiting or being stored on any socket of one server, by sender, place and message
 * id. A client whose connection drops sends everything without an echo again on its new socket,
 * while the old socket's sends are still being stored: a resend found here waits for the first
 * to finish and is then answered from the store, rather than storing it a second time in a race
 * the database settles (a whole transaction to learn the row exists). Behind on a flaky line,
 * that race was most of the server's work: 1,000 messages through 9 drops took 5,126 receives.
 */
export class SendsUnderWay {
  readonly #sends = new Map<string, Promise<void>>();

  /** The key of a send frame: sender, place (trade or dialog) and id; null without an id. */
  static key(senderId: number, place: string, frame: unknown): string | null {
    const { id, userId } = frame as { id?: unknown; userId?: unknown };
    if (typeof id !== 'string') return null;
    return `${senderId}/${place}/${typeof userId === 'number' ? userId : ''}/${id}`;
  }

  /** The earlier send of `key` still under way, if any. */
  earlier(key: string): Promise<void> | undefined {
    return this.#sends.get(key);
  }

  /** Records `done` as the send of `key` until it settles (it must not reject). */
  track(key: string, done: Promise<void>): void {
    this.#sends.set(key, done);
    void done.then(() => {
      if (this.#sends.get(key) === done) this.#sends.delete(key);
    });
  }
}
