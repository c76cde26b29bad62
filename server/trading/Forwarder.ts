/**
 * A follower's side of the intake (intake.ts): stores a command for the market's owner and
 * answers its caller once the owner committed it, exactly as the owner's own call would answer:
 * with the rows, or by throwing the same refusal. The follower's replica has taken the batch
 * before the answer is given, so a caller that then reads its open orders finds what it placed.
 *
 * Commands are stored in the order they were forwarded: one store at a time, each taking every
 * command that arrived meanwhile in one statement, so their intake ids rise in that order and the
 * owner runs them so (a program's cancel sent right behind its place finds the order).
 */
import type { Database } from '../storage/db.ts';
import type { Command } from './Command.ts';
import { resultOf, submitCommands, takeAnswers } from './intake.ts';
import { OneAtATime } from './OneAtATime.ts';
import type { OrderRow } from './orderRows.ts';

/** The follower's replica as the forwarder waits for it. */
export interface ReplicaProgress {
  /** Resolves once the replica holds every batch committed before the call (or at once). */
  caughtUp(): Promise<void> | undefined;
}

interface Caller {
  resolve(rows: OrderRow[]): void;
  reject(error: unknown): void;
}

/** A command forwarded and not yet stored. */
interface Unsent {
  command: Command;
  caller: Caller;
}

/** Commands stored in one statement at most. */
const STORED_AT_ONCE = 256;

/** See the file comment. */
export class Forwarder {
  private readonly waiting = new Map<number, Caller>();
  private unsent: Unsent[] = [];
  private readonly storing = new OneAtATime(
    () => this.store(),
    (error) => console.error('Market forwarding:', error),
  );
  private readonly collecting = new OneAtATime(
    () => this.collect(),
    (error) => console.error('Market answers:', error),
  );
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly market: string,
    private readonly replica: ReplicaProgress,
    /** Throws the refusal when commands may not be forwarded now (no owner for long). */
    private readonly admit: () => Promise<void>,
    /** How often it looks for answers without being told (a notification may be lost). */
    pollMs: number,
  ) {
    this.timer = setInterval(() => this.committed(), pollMs);
    this.timer.unref();
  }

  /** Passes a command to the owner; resolves or rejects with the owner's answer. */
  forward(command: Command): Promise<OrderRow[]> {
    return new Promise((resolve, reject) => {
      this.unsent.push({ command, caller: { resolve, reject } });
      void this.storing.run();
    });
  }

  /** The owner committed a batch: collects the answers that came with it. */
  committed(): void {
    if (this.waiting.size > 0) void this.collecting.run();
  }

  /** Resolves once every forwarded command is answered. */
  async settled(): Promise<void> {
    await this.storing.idle();
    while (this.waiting.size > 0) {
      await this.collecting.run();
      if (this.waiting.size > 0) await new Promise((wake) => setTimeout(wake, 20));
    }
  }

  /** Stops looking for answers (server shutdown, after `settled`). */
  close(): void {
    clearInterval(this.timer);
  }

  // Everything forwarded so far, in order: admitted and stored together, or refused together.
  private async store(): Promise<void> {
    while (this.unsent.length > 0) {
      const taken = this.unsent.splice(0, STORED_AT_ONCE);
      try {
        await this.admit();
        const ids = await submitCommands(
          this.db,
          this.market,
          taken.map(({ command }) => command),
        );
        ids.forEach((id, index) => {
          const caller = taken[index]?.caller;
          if (caller !== undefined) this.waiting.set(id, caller);
        });
      } catch (error) {
        for (const { caller } of taken) caller.reject(error);
      }
    }
  }

  private async collect(): Promise<void> {
    const answers = await takeAnswers(this.db, [...this.waiting.keys()]);
    if (answers.size === 0) return;
    await this.replica.caughtUp();
    for (const [id, answer] of answers) {
      const caller = this.waiting.get(id);
      this.waiting.delete(id);
      const result = resultOf(answer);
      if (result instanceof Error) caller?.reject(result);
      else caller?.resolve(result);
    }
  }
}
