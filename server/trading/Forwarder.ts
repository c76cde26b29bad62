/**
 * A follower's side of the intake (intake.ts): stores a command for the market's owner and
 * answers its caller once the owner committed it, exactly as the owner's own call would answer:
 * with the rows, or by throwing the same refusal. The follower's replica has taken the batch
 * that ran it before the answer is given, so a caller that then reads its open orders finds what
 * it placed.
 *
 * The answer comes in the notification of the batch that ran the command, with that batch's
 * position, when it fits there: then the follower reads nothing, and deletes the answers it took
 * so from the intake at its next look. An answer too large for its notification, one whose
 * notification was lost, and one stored by an owner that died before telling are read from the
 * intake: on a notification without answers, and every `pollMs`.
 *
 * Commands are stored in the order they were forwarded: one store at a time, each taking every
 * command that arrived meanwhile in one statement, so their intake ids rise in that order and the
 * owner runs them so (a program's cancel sent right behind its place finds the order).
 */
import type { Database } from '../storage/db.ts';
import type { Command } from './Command.ts';
import { type Answered, resultOf, submitCommands, takeAnswers } from './intake.ts';
import { isBefore } from './marketCommits.ts';
import { OneAtATime } from './OneAtATime.ts';
import type { OrderRow } from './orderRows.ts';
import type { BatchPosition } from './Publisher.ts';

/** The follower's replica as the forwarder waits for it. */
export interface ReplicaProgress {
  /** Resolves once the replica holds every batch committed before the call (or at once). */
  caughtUp(): Promise<void> | undefined;
  /** Resolves once the replica holds the batch at `at` (or at once). */
  reached(at: BatchPosition): Promise<void> | undefined;
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
  /** Answers told while a store is under way: some may be of its commands, not waiting yet. */
  private early: Map<number, Answered> | null = null;
  /** Whether answers to read were announced while a store was under way. */
  private lookAfterStore = false;
  /** Commands whose answers came in their notification: their rows go at the next look. */
  private told: number[] = [];
  /** Answers taken and not yet given (their callers wait for the replica). */
  private readonly giving = new Set<Promise<void>>();
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
    this.timer = setInterval(() => this.look(), pollMs);
    this.timer.unref();
  }

  /** Passes a command to the owner; resolves or rejects with the owner's answer. */
  forward(command: Command): Promise<OrderRow[]> {
    return new Promise((resolve, reject) => {
      this.unsent.push({ command, caller: { resolve, reject } });
      void this.storing.run();
    });
  }

  /**
   * The owner committed a batch that answered commands: `answers` its notification carried, or
   * null when they did not fit (read them).
   */
  committed(answers: ReadonlyMap<number, Answered> | null): void {
    if (answers === null) {
      if (this.early !== null) this.lookAfterStore = true;
      this.look();
      return;
    }
    const mine = new Map<number, Answered>();
    for (const [id, answer] of answers) {
      if (this.waiting.has(id)) mine.set(id, answer);
      else this.early?.set(id, answer);
    }
    this.take(mine);
  }

  /** Reads the intake for answers (and deletes those told) when anything waits. */
  look(): void {
    if (this.waiting.size > 0 || this.told.length > 0) void this.collecting.run();
  }

  /** Resolves once every forwarded command is answered and its answer gone from the intake. */
  async settled(): Promise<void> {
    await this.storing.idle();
    while (this.waiting.size > 0 || this.giving.size > 0) {
      await Promise.all(this.giving);
      if (this.waiting.size === 0) continue;
      await this.collecting.run();
      if (this.waiting.size > 0) await new Promise((wake) => setTimeout(wake, 20));
    }
    if (this.told.length > 0) await this.collecting.run();
  }

  /** Stops looking for answers (server shutdown, after `settled`). */
  close(): void {
    clearInterval(this.timer);
  }

  // Everything forwarded so far, in order: admitted and stored together, or refused together.
  private async store(): Promise<void> {
    while (this.unsent.length > 0) {
      const taken = this.unsent.splice(0, STORED_AT_ONCE);
      // The owner may answer them before their ids come back here.
      const early = new Map<number, Answered>();
      this.early = early;
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
      } finally {
        this.early = null;
      }
      this.take(new Map([...early].filter(([id]) => this.waiting.has(id))));
      if (this.lookAfterStore) {
        this.lookAfterStore = false;
        this.look();
      }
    }
  }

  // Answers told in their notification: given, and their rows deleted at the next look.
  private take(answers: ReadonlyMap<number, Answered>): void {
    if (answers.size === 0) return;
    this.told.push(...answers.keys());
    const giving = this.give(answers).finally(() => this.giving.delete(giving));
    this.giving.add(giving);
    if (this.told.length >= STORED_AT_ONCE) void this.collecting.run();
  }

  private async collect(): Promise<void> {
    const told = this.told.splice(0);
    let answers: Map<number, Answered>;
    try {
      answers = await takeAnswers(this.db, [...this.waiting.keys()], told);
    } catch (error) {
      this.told.push(...told);
      throw error;
    }
    await this.give(answers);
  }

  // Each caller once, whichever way its answer came first, after the replica took its batch.
  private async give(answers: ReadonlyMap<number, Answered>): Promise<void> {
    const given = [...answers].flatMap(([id, answer]) => {
      const caller = this.waiting.get(id);
      this.waiting.delete(id);
      return caller === undefined ? [] : [{ caller, answer }];
    });
    if (given.length === 0) return;
    await this.replicaHolds(given.map(({ answer }) => answer)).catch((error: unknown) => {
      // The batch is committed: its callers hear so, though a read right after may miss it.
      console.error('Market answers: the replica did not catch up:', error);
    });
    for (const { caller, answer } of given) {
      const result = resultOf(answer);
      if (result instanceof Error) caller.reject(result);
      else caller.resolve(result);
    }
  }

  // The caller's next read here must find what its batch wrote: the replica takes it first. A
  // failure wrote nothing; an answer of an owner of the version before has no position, so the
  // replica takes every batch committed so far.
  private async replicaHolds(answers: readonly Answered[]): Promise<void> {
    let latest: BatchPosition | null = null;
    for (const answer of answers) {
      if ('failed' in answer) continue;
      if (answer.at === undefined) return this.replica.caughtUp();
      if (latest === null || isBefore(latest, answer.at)) latest = answer.at;
    }
    if (latest !== null) await this.replica.reached(latest);
  }
}
