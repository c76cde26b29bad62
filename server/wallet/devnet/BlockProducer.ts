/**
 * The wallet's clock: each interval, one block on every devnet network (while the devnet is on),
 * then the deposit watcher reads every chain, devnet and real nodes alike, so deposits climb
 * through their confirmations as time passes, and the withdrawal sender sends what is requested
 * and settles what the chain confirmed. Tests call `tick` themselves instead of waiting for the
 * timer.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db.ts';
import type { BalanceChanges } from '../BalanceChanges.ts';
import { chainAdapters } from '../deposits/chainAdapters.ts';
import { DepositWatcher, type WatcherLog, type WatchReport } from '../deposits/DepositWatcher.ts';
import { WithdrawalSender } from '../withdrawals/WithdrawalSender.ts';
import { Devnet } from './Devnet.ts';

/** See the file comment. */
export class BlockProducer {
  private readonly devnet: Devnet | null;
  private readonly watcher: DepositWatcher;
  private readonly sender: WithdrawalSender;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    db: Database,
    wallet: Config['wallet'],
    private readonly log: WatcherLog,
    balanceChanges?: BalanceChanges,
  ) {
    this.devnet = wallet.devnet ? new Devnet(db) : null;
    const adapters = chainAdapters(db, wallet);
    this.watcher = new DepositWatcher(db, [...adapters.values()], log, balanceChanges);
    this.sender = new WithdrawalSender(db, adapters, log, balanceChanges);
  }

  /** A producer making a block every `wallet.devnetBlockMs` until stopped. */
  static start(
    db: Database,
    wallet: Config['wallet'],
    log: WatcherLog,
    balanceChanges?: BalanceChanges,
  ): BlockProducer {
    const producer = new BlockProducer(db, wallet, log, balanceChanges);
    producer.schedule(wallet.devnetBlockMs);
    return producer;
  }

  /** Mines one devnet block, then credits what the chains confirmed and moves withdrawals. */
  async tick(): Promise<WatchReport> {
    await this.devnet?.mine();
    const report = await this.watcher.run();
    await this.sender.run();
    return report;
  }

  /** Stops the timer and waits for a block under way, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(intervalMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) => this.log.warn({ err: error }, 'devnet: block not made'))
        .finally(() => {
          if (!this.stopped) this.schedule(intervalMs);
        });
    }, intervalMs);
  }
}
