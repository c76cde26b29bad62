/**
 * Per chat (a support dialog, a trade's chat), the newest message this server has delivered to
 * its sockets on it. News of messages reaches a server in no fixed order (two sends of one writer
 * across a dropped socket, two servers' publishes), but a chat's ids are taken in the order its
 * messages commit, so delivering everything after the cursor, in id order, gives every socket a
 * chat's messages in stored order, each once.
 * A chat's cursor starts where this server's sockets began hearing it: the newest message id at
 * that moment; it is forgotten once no socket here hears the chat.
 */

/** A stored message, as far as its place in a chat goes. */
export interface Numbered {
  readonly id: number;
}

/** The last delivered message id of every chat this server's sockets hear. */
export class ChatCursors {
  readonly #delivered = new Map<number, number>();
  /** Chats heard since a moment, not delivered to since: the newest id at that moment. */
  readonly #starts = new Map<number, Promise<number | null>>();
  /** While every chat is heard (staff sockets hear every dialog): the newest id when it began. */
  #everyStart: Promise<number | null> | null = null;

  constructor(
    /** The newest stored message id of any chat, or 0 with none. */
    private readonly newest: () => Promise<number>,
  ) {}

  /** A first socket here hears `chat`: its messages stored from now on are to be delivered. */
  listen(chat: number): void {
    if (this.#everyStart !== null || this.#delivered.has(chat) || this.#starts.has(chat)) return;
    this.#starts.set(chat, this.startNow());
  }

  /** A first socket here hears every chat. */
  listenToEvery(): void {
    this.#everyStart ??= this.startNow();
  }

  /** No socket here hears `chat` any more (unless one hears every chat). */
  forget(chat: number): void {
    if (this.#everyStart !== null) return;
    this.#delivered.delete(chat);
    this.#starts.delete(chat);
  }

  /** No socket here hears every chat any more; the chats `stillHeard` names keep their cursors. */
  forgetEvery(stillHeard: (chat: number) => boolean): void {
    this.#everyStart = null;
    for (const chat of [...this.#delivered.keys(), ...this.#starts.keys()]) {
      if (!stillHeard(chat)) {
        this.#delivered.delete(chat);
        this.#starts.delete(chat);
      }
    }
  }

  /**
   * Delivers `chat`'s messages after its cursor up to `upTo` (the message a piece of news names),
   * in id order, and moves the cursor; news of a message already delivered delivers nothing.
   * `read(after, upTo)` returns the chat's stored messages in that range, oldest first.
   */
  async catchUp<Row extends Numbered>(
    chat: number,
    upTo: number,
    read: (after: number, upTo: number) => Promise<Row[]>,
    deliver: (row: Row) => void,
  ): Promise<void> {
    if (!this.hears(chat)) return;
    // Where the start could not be read, the message the news names alone, as it comes.
    const after = (await this.cursor(chat)) ?? upTo - 1;
    if (upTo <= after) return;
    const rows = await read(after, upTo);
    // The last socket on the chat may have closed while its messages were read.
    if (!this.hears(chat)) return;
    for (const row of rows) {
      deliver(row);
      this.#delivered.set(chat, row.id);
      this.#starts.delete(chat);
    }
  }

  /** Whether a socket here hears `chat`. */
  private hears(chat: number): boolean {
    return this.#everyStart !== null || this.#delivered.has(chat) || this.#starts.has(chat);
  }

  /** Where `chat`'s delivery resumes, or null when no start is known. */
  private async cursor(chat: number): Promise<number | null> {
    const delivered = this.#delivered.get(chat);
    if (delivered !== undefined) return delivered;
    const start = this.#starts.get(chat) ?? this.#everyStart;
    return start === null ? null : await start;
  }

  /** The newest id now; null when it cannot be read, so delivery goes on as news comes. */
  private startNow(): Promise<number | null> {
    return this.newest().catch(() => null);
  }
}
