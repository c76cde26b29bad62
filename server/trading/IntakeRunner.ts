/**
 * The owner's side of the intake (intake.ts): reads the commands other servers stored, oldest
 * first, and runs them through the market's sequencer with its own. One reading at a time, and
 * the next only once every command of the last is done, so a command is never read again while
 * it runs: the batch that runs it stores its answer, and an answered command is never read.
 */
import { DomainError } from '../errors/DomainError.ts';
import type { Database } from '../storage/db.ts';
import type { Command } from './Command.ts';
import { storeAnswers, waitingCommands } from './intake.ts';
import type { Market } from './Market.ts';
import { OneAtATime } from './OneAtATime.ts';
import type { GroupMakers } from './OrderGroup.ts';
import { holdEpoch, type Ownership } from './ownership.ts';

/** Commands read at once: a sequencer batch's worth. */
const READ_AT_ONCE = 256;

/** See the file comment. */
export class IntakeRunner {
  private readonly reading = new OneAtATime(
    () => this.drain(),
    (error) => console.error('Market intake:', error),
  );
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly market: Market,
    private readonly owner: Ownership,
    private readonly groups: GroupMakers,
    /** How often it looks without being told (a notification may be lost). */
    pollMs: number,
  ) {
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Reads the intake now, or again right after the reading under way. */
  wake(): void {
    if (!this.stopped) void this.reading.run();
  }

  /** Stops reading; resolves once the commands read are done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.reading.idle();
  }

  private async drain(): Promise<void> {
    while (!this.stopped && !this.market.moved) {
      const waiting = await waitingCommands(this.db, this.owner.market, READ_AT_ONCE);
      if (waiting.length === 0) return;
      // Made first, then queued together, so they join the sequencer in the intake's order.
      const made = await Promise.all(
        waiting.map(({ command }) => this.madeAgain(command).catch((error: unknown) => error)),
      );
      await Promise.all(waiting.map(({ id }, index) => this.run(id, made[index])));
      // A read short of the limit took all there was; what came since woke a reading of its own.
      if (waiting.length < READ_AT_ONCE) return;
    }
  }

  private async run(id: number, command: unknown): Promise<void> {
    try {
      if (command instanceof Error || command === undefined) throw command;
      await this.market.runForwarded(id, command as Command);
    } catch (error) {
      // Nothing of it happened: the next owner runs it.
      if (error instanceof DomainError && error.code === 'market.moved') return;
      await this.answerFailure(id);
    }
  }

  // A group travels as its maker's name and arguments (OrderGroup.ts): made again here.
  private async madeAgain(command: Command): Promise<Command> {
    if (command.kind !== 'group') return command;
    const ref = command.group.ref;
    const make = ref === undefined ? undefined : this.groups[ref.kind];
    if (ref === undefined || make === undefined) throw new Error('a group no maker makes');
    return { kind: 'group', group: await make(ref.args) };
  }

  // The batch failed and was undone: its sender hears so, as a local caller would, instead of
  // the command being read and failing forever.
  private async answerFailure(id: number): Promise<void> {
    await this.db
      .transaction()
      .execute(async (trx) => {
        await holdEpoch(trx, this.owner);
        await storeAnswers(trx, this.owner.market, [{ id, answer: { failed: true } }]);
      })
      .catch(() => {
        // Moved, or the database is away: the command waits for whoever owns the market next.
      });
  }
}
