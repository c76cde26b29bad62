/**
 * The wallet's clock: each interval, one block on every devnet network (while the devnet is on),
 * then the deposit watcher reads every chain, devnet and real nodes alike, so deposits climb
 * through their confirmations as time passes, and the withdrawal sender sends what is requested
 * and settles what the chain confirmed. Tests call `tick` themselves instead of waiting for the
 * timer.
 */
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { MailSite } from '../../mail/site.ts';
import type { Database } from '../../storage/db.ts';
import type { BalanceChanges } from '../BalanceChanges.ts';
import { chainAdapters } from '../deposits/chainAdapters.ts';
import { DepositWatcher, type WatcherLog, type WatchReport } from '../deposits/DepositWatcher.ts';
import { WithdrawalSender } from '../withdrawals/WithdrawalSender.ts';
import { Devnet } from './Devnet.ts';

/** The settings the clock reads: the wallet's, and the mails' for the withdrawals it sends. */
export type WalletClockConfig = Pick<Config, 'wallet'> & MailSite;

/** See the file comment. */
export class BlockProducer {
  private readonly devnet: Devnet | null;
  /** Time between blocks, less a tenth: the least a tick leaves between two of them when shared. */
  private readonly gapMs: number;
  private readonly watcher: DepositWatcher;
  private readonly sender: WithdrawalSender;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    config: WalletClockConfig,
    private readonly log: WatcherLog,
    balanceChanges?: BalanceChanges,
    /** Several servers may share this database (PostgreSQL): they take turns, see `tick`. */
    private readonly shared = false,
  ) {
    const { wallet } = config;
    this.devnet = wallet.devnet ? new Devnet(db) : null;
    this.gapMs = shared ? wallet.devnetBlockMs * 0.9 : 0;
    const adapters = chainAdapters(db, wallet);
    this.watcher = new DepositWatcher(db, [...adapters.values()], log, balanceChanges);
    this.sender = new WithdrawalSender(db, adapters, config, log, balanceChanges);
  }

  /** A producer making a block every `wallet.devnetBlockMs` until stopped. */
  static start(
    db: Database,
    config: WalletClockConfig,
    log: WatcherLog,
    balanceChanges?: BalanceChanges,
    shared = false,
  ): BlockProducer {
    const producer = new BlockProducer(db, config, log, balanceChanges, shared);
    producer.schedule(config.wallet.devnetBlockMs);
    return producer;
  }

  /**
   * Mines one devnet block, then credits what the chains confirmed and moves withdrawals. Shared,
   * one server ticks at a time (the others skip while it holds the lock: a hot wallet's nonces
   * must not be handed out twice), and a block comes only once its interval has passed since
   * the last, however many servers keep the clock. Null when another server was ticking.
   */
  async tick(): Promise<WatchReport | null> {
    if (!this.shared) return this.tickAlone();
    // PostgreSQL only: the lock lives as long as this transaction, on a connection of its own,
    // while the tick's work uses others (PGlite has one connection, and is never shared).
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ leader: boolean }>`
        select pg_try_advisory_xact_lock(hashtext('wallet clock')) as leader`.execute(trx);
      return rows[0]?.leader ? this.tickAlone() : null;
    });
  }

  private async tickAlone(): Promise<WatchReport> {
    await this.devnet?.mine(undefined, this.gapMs);
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
