/**
 * The devnet's clock: one block on every network each interval, then the deposit watcher reads
 * the chains, so deposits climb through their confirmations as time passes. Tests call `tick`
 * themselves instead of waiting for the timer.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db.ts';
import { chainAdapters } from '../deposits/chainAdapters.ts';
import { DepositWatcher, type WatcherLog, type WatchReport } from '../deposits/DepositWatcher.ts';
import { Devnet } from './Devnet.ts';

/** See the file comment. */
export class BlockProducer {
  private readonly devnet: Devnet;
  private readonly watcher: DepositWatcher;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    db: Database,
    wallet: Config['wallet'],
    private readonly log: WatcherLog,
  ) {
    this.devnet = new Devnet(db);
    this.watcher = new DepositWatcher(db, [...chainAdapters(db, wallet).values()], log);
  }

  /** A producer making a block every `wallet.devnetBlockMs` until stopped. */
  static start(db: Database, wallet: Config['wallet'], log: WatcherLog): BlockProducer {
    const producer = new BlockProducer(db, wallet, log);
    producer.schedule(wallet.devnetBlockMs);
    return producer;
  }

  /** Mines one block on every network, then credits what it confirmed. */
  async tick(): Promise<WatchReport> {
    await this.devnet.mine();
    return this.watcher.run();
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
