/**
 * A follower's side of the intake (intake.ts): stores a command for the market's owner and
 * answers its caller once the owner committed it, exactly as the owner's own call would answer:
 * with the rows, or by throwing the same refusal. The follower's replica has taken the batch
 * before the answer is given, so a caller that then reads its open orders finds what it placed.
 */
import type { Database } from '../storage/db.ts';
import type { Command } from './Command.ts';
import { resultOf, submitCommand, takeAnswers } from './intake.ts';
import { OneAtATime } from './OneAtATime.ts';
import type { OrderRow } from './orderRows.ts';

/** The follower's replica as the forwarder waits for it. */
export interface ReplicaProgress {
  /** Resolves once the replica holds every batch committed before the call. */
  caughtUp(): Promise<void>;
}

interface Caller {
  resolve(rows: OrderRow[]): void;
  reject(error: unknown): void;
}

/** See the file comment. */
export class Forwarder {
  private readonly waiting = new Map<number, Caller>();
  private readonly collecting = new OneAtATime(
    () => this.collect(),
    (error) => console.error('Market answers:', error),
  );
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly market: string,
    private readonly replica: ReplicaProgress,
    /** How often it looks for answers without being told (a notification may be lost). */
    pollMs: number,
  ) {
    this.timer = setInterval(() => this.committed(), pollMs);
    this.timer.unref();
  }

  /** Passes a command to the owner; resolves or rejects with the owner's answer. */
  async forward(command: Command): Promise<OrderRow[]> {
    const id = await submitCommand(this.db, this.market, command);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** The owner committed a batch: collects the answers that came with it. */
  committed(): void {
    if (this.waiting.size > 0) void this.collecting.run();
  }

  /** Resolves once every forwarded command is answered. */
  async settled(): Promise<void> {
    while (this.waiting.size > 0) {
      await this.collecting.run();
      if (this.waiting.size > 0) await new Promise((wake) => setTimeout(wake, 20));
    }
  }

  /** Stops looking for answers (server shutdown, after `settled`). */
  close(): void {
    clearInterval(this.timer);
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
