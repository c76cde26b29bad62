/**
 * The support socket client's sends without an echo yet, in the order written, and what a new
 * socket may do with them: a socket that follows one they went out on first asks the server
 * which of those it has (SUPPORT_RESUME), and sends nothing until SUPPORT_RESUMED; then every one
 * still without an echo goes, oldest first. One never put on a socket is not asked about.
 */
import { RESUME_LIMIT, type ResumedSend, type SupportClientMessage } from '../protocol/index.ts';

/** A send frame of the support socket. */
export type SendFrame = Extract<SupportClientMessage, { type: 'SUPPORT_SEND_MESSAGE' }>;

/** The sends awaiting their echo, and whether the current socket may send them. */
export class SendQueue {
  readonly #pending = new Map<string, SendFrame>();
  /** Ids of pending sends put on some socket: only those can the server have stored. */
  readonly #onWire = new Set<string>();
  #resumed = false;

  /** Whether the current socket may send: the server answered its resume, or none was due. */
  get resumed(): boolean {
    return this.#resumed;
  }

  /** Adds a send at the end. */
  add(frame: SendFrame): void {
    this.#pending.set(frame.id, frame);
  }

  /** The send's echo (or refusal) came: it waits no more. */
  settle(id: string): void {
    this.#pending.delete(id);
    this.#onWire.delete(id);
  }

  /** Notes that a send went out on a socket. */
  sent(id: string): void {
    if (this.#pending.has(id)) this.#onWire.add(id);
  }

  /** The socket closed: the next one starts by asking again. */
  closed(): void {
    this.#resumed = false;
  }

  /** What a new socket opens with: the SUPPORT_RESUME to send, or null to send at once. */
  opened(): Extract<SupportClientMessage, { type: 'SUPPORT_RESUME' }> | null {
    const sends: ResumedSend[] = [];
    for (const { id, userId } of this.#pending.values()) {
      if (sends.length === RESUME_LIMIT) break;
      if (this.#onWire.has(id)) sends.push(userId === undefined ? { id } : { id, userId });
    }
    this.#resumed = sends.length === 0;
    return sends.length === 0 ? null : { type: 'SUPPORT_RESUME', sends };
  }

  /** The server answered the resume: every send still waiting, oldest first, goes now. */
  resume(): SendFrame[] {
    this.#resumed = true;
    return [...this.#pending.values()];
  }
}
