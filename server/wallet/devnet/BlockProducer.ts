/**
 * The devnet's clock: each interval, one block on every devnet network that has a transaction
 * waiting for one (while the devnet is on), then the deposit watcher reads every chain, devnet
 * and real nodes alike, so deposits climb through their confirmations as time passes. When every
 * chain is the devnet's and no block was made, the watcher has nothing new to read and is not
 * asked (only once it has read every chain since the last block): a tick with nothing to do
 * costs one statement. Alone on its database (PGlite) with every chain on the devnet, the clock
 * then sleeps until a transfer is sent on a devnet chain (Devnet.onSend), with a look a minute
 * besides; sharing PostgreSQL, every server keeps the beat and they take turns. Withdrawals keep their own timer (the
 * WithdrawalSender's), so a real node's withdrawals do not wait on the devnet's blocks. Tests
 * call `tick` themselves instead of waiting for the timer.
 */
import type { Config } from '../../config.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import { DeadlineSweep } from '../../storage/DeadlineSweep.ts';
import type { Database } from '../../storage/db.ts';
import { inTurn } from '../../storage/inTurn.ts';
import type { ChainAdapters } from '../deposits/chainAdapters.ts';
import { DepositWatcher, type WatcherLog, type WatchReport } from '../deposits/DepositWatcher.ts';
import { RepeatingRun } from '../RepeatingRun.ts';
import { Devnet } from './Devnet.ts';
import { DevnetAdapter } from './DevnetAdapter.ts';

/** The longest the clock sleeps while no devnet chain has anything waiting (PGlite). */
export const CLOCK_NET_MS = 60_000;

/** See the file comment. */
export class BlockProducer {
  private readonly devnet: Devnet | null;
  /** Time between blocks, less a tenth: the least a tick leaves between two of them when shared. */
  private readonly gapMs: number;
  private readonly watcher: DepositWatcher;
  private timer: { stop(): Promise<void> } | null = null;
  /** Whether the last tick made no block and left nothing unread: nothing to do until a send. */
  private idle = false;
  /** Whether every chain is the devnet's: nothing moves on them but by its blocks. */
  private readonly devnetOnly: boolean;
  /** Whether the watcher has read every chain since the last block (or since the start). */
  private watched = false;

  constructor(
    private readonly db: Database,
    config: Pick<Config, 'wallet'>,
    chains: ChainAdapters,
    log: WatcherLog,
    events?: ServerEventBus,
    /** Several servers may share this database (PostgreSQL): they take turns, see `tick`. */
    private readonly shared = false,
  ) {
    const { wallet } = config;
    this.devnet = wallet.devnet ? new Devnet(db) : null;
    this.gapMs = shared ? wallet.devnetBlockMs * 0.9 : 0;
    this.watcher = new DepositWatcher(db, [...chains.values()], log, events);
    this.devnetOnly = [...chains.values()].every((chain) => chain instanceof DevnetAdapter);
  }

  /** A producer making a block every `wallet.devnetBlockMs` until stopped. */
  static start(
    db: Database,
    config: Pick<Config, 'wallet'>,
    chains: ChainAdapters,
    log: WatcherLog,
    events?: ServerEventBus,
    shared = false,
  ): BlockProducer {
    const producer = new BlockProducer(db, config, chains, log, events, shared);
    const blockMs = config.wallet.devnetBlockMs;
    const failed = (error: unknown) => log.warn({ err: error }, 'devnet: block not made');
    producer.timer =
      shared || !producer.devnetOnly
        ? RepeatingRun.start(() => producer.tick(), blockMs, failed)
        : producer.sleepWhileIdle(blockMs, failed);
    return producer;
  }

  /** Ticks every `blockMs` while a chain has something to do, else until a transfer is sent. */
  private sleepWhileIdle(blockMs: number, failed: (error: unknown) => void) {
    const run = async () => {
      try {
        await this.tick();
      } catch (error) {
        failed(error);
        this.idle = false;
      }
      return this.idle ? null : new Date(Date.now() + blockMs);
    };
    const sweep = new DeadlineSweep(
      run,
      { alone: true, everyMs: blockMs, netMs: CLOCK_NET_MS },
      failed,
    );
    // A block an interval after the send, as on a running chain (its transaction has committed).
    const unwatch = Devnet.onSend(() => sweep.wake(new Date(Date.now() + blockMs)));
    void sweep.start();
    return {
      async stop() {
        unwatch();
        await sweep.stop();
      },
    };
  }

  /**
   * Mines one devnet block, then credits what the chains confirmed. Shared, one server ticks at
   * a time (the others skip), and a block comes only once its interval has passed since the
   * last, however many servers keep the clock. Null when another server was ticking.
   */
  async tick(): Promise<WatchReport | null> {
    if (!this.shared) return this.tickAlone();
    return inTurn(this.db, 'wallet clock', () => this.tickAlone());
  }

  private async tickAlone(): Promise<WatchReport> {
    const mined = (await this.devnet?.mine(undefined, this.gapMs)) ?? false;
    if (mined) this.watched = false;
    this.idle = !mined && this.watched;
    if (this.watched && this.devnetOnly) return { credited: 0, dropped: 0 };
    const report = await this.watcher.run();
    this.watched = this.watcher.readEveryChain;
    return report;
  }

  /** Stops the timer and waits for a block under way, so the database can close after it. */
  async stop(): Promise<void> {
    await this.timer?.stop();
  }
}
