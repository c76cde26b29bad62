/**
 * A follower's side of the owner's batches: it hears each batch's news (marketCommits.ts), in
 * journal order, takes the rows a small batch's news carries or reads what a large one names
 * (carriedRows.ts), brings the replica up to it (BookReplica.ts), numbers the book windows as the
 * owner did (BookWindows.ts) and hands the batch to this server's market streams, as the owner's
 * own streams get it.
 *
 * News can be missed: a lost notification (a batch number skipped), a connection to the relay
 * that dropped (`resync`), a new owner (a new epoch: the old one may have committed a batch and
 * died before telling). Then the replica is read whole again, the news it already holds is
 * skipped, and with the next news the windows restart at the owner's numbers and the streams
 * send every subscriber a fresh snapshot (`restarted`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { PAIR_SYMBOLS } from '../../core/markets/pairs.ts';
import type { Database } from '../storage/db.ts';
import type { BookReplica } from './BookReplica.ts';
import type { BookChanges, BookWindows } from './BookWindows.ts';
import {
  type BatchNews,
  carriedBatch,
  isBefore,
  journalPosition,
  readBatch,
} from './marketCommits.ts';
import type { BatchPosition, Committed } from './Publisher.ts';

/** What the follower tells its server. */
export interface FollowerHooks {
  /** A batch the replica took: publish it on the streams. */
  committed(committed: Committed): void;
  /** The windows started again (the replica was read whole): every subscriber needs a snapshot. */
  restarted(): void;
}

/** How long a caller waits for news of a batch known committed before the replica is read again. */
const CATCH_UP_MS = 1_000;

/** See the file comment. */
export class CommitFollower {
  private readonly heard: BatchNews[] = [];
  private work: Promise<void> = Promise.resolve();
  private position: BatchPosition = { epoch: 0, batch: 0 };
  /** Whether the windows wait for the owner's numbers since the replica was read whole. */
  private unnumbered = true;
  private readonly waiters = new Set<{ at: BatchPosition; done: () => void }>();
  private windows: BookWindows | null = null;

  constructor(
    private readonly db: Database,
    private readonly market: string,
    private readonly replica: BookReplica,
    private readonly hooks: FollowerHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The owner's batch the replica stands at. */
  get at(): BatchPosition {
    return this.position;
  }

  /** Numbers the book windows as the owner does from now on. */
  number(windows: BookWindows): void {
    this.windows = windows;
  }

  /** Takes one notification's news; the batches are taken in order, one at a time. */
  hear(news: BatchNews): void {
    if (news.market !== this.market) return;
    this.heard.push(news);
    this.queue(() => this.takeHeard());
  }

  /** Reads the replica whole again (news may have been missed); resolves once done. */
  resync(): Promise<void> {
    return this.queue(() => this.rebuild());
  }

  /** Resolves once the replica holds every batch committed before the call. */
  async caughtUp(): Promise<void> {
    await this.reached(await journalPosition(this.db, this.market));
  }

  /**
   * Resolves once the replica holds the batch at `at`, committed: from its news, or read whole
   * again when that news is late (missed, or its owner died before telling).
   */
  async reached(at: BatchPosition): Promise<void> {
    if (!isBefore(this.position, at)) return;
    const reached = new Promise<boolean>((resolve) => {
      const waiter = { at, done: () => resolve(true) };
      this.waiters.add(waiter);
      setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, CATCH_UP_MS).unref();
    });
    if (!(await reached)) await this.resync();
  }

  private queue(job: () => Promise<void>): Promise<void> {
    const run = this.work.then(job).catch((error: unknown) => {
      this.log.error({ err: error }, 'market replica: reading again after a failure');
      this.heard.length = 0;
      return this.rebuild().catch((again: unknown) => {
        this.log.error({ err: again }, 'market replica: cannot read the market');
      });
    });
    this.work = run;
    return run;
  }

  private async takeHeard(): Promise<void> {
    while (this.heard.length > 0) {
      const [head] = this.heard;
      if (head === undefined) return;
      // A batch's parts are sent one after another; the rest may be in the next notification.
      if (this.heard.length < head.parts) return;
      const parts = this.heard.splice(0, head.parts);
      const whole = parts.every(
        (part, index) =>
          part.part === index && part.epoch === head.epoch && part.batch === head.batch,
      );
      if (whole) await this.take(parts);
      else await this.rebuild();
    }
  }

  private async take(parts: BatchNews[]): Promise<void> {
    const [head] = parts;
    if (head === undefined) return;
    const at: BatchPosition = { epoch: head.epoch, batch: head.batch };
    const next: BatchPosition = { epoch: this.position.epoch, batch: this.position.batch + 1 };
    if (isBefore(next, at)) await this.rebuild();
    if (isBefore(at, this.position)) return;
    if (!isBefore(this.position, at)) {
      // The replica was read with this batch in: only its numbers are news.
      if (this.unnumbered) this.restart(head.books);
      return;
    }
    const batch = carriedBatch(parts) ?? (await readBatch(this.db, parts));
    this.replica.apply(batch);
    this.moveTo(at);
    if (this.unnumbered) {
      this.hooks.committed({ ...batch, books: new Map() });
      this.restart(head.books);
      return;
    }
    const books = this.follow(new Set(batch.orders.map((row) => row.pair)), head.books);
    if (books === null) {
      this.log.warn({ batch: at }, 'market replica: books differ from the owner, restarting');
      this.hooks.committed({ ...batch, books: new Map() });
      this.restart(head.books);
      return;
    }
    this.hooks.committed({ ...batch, books });
  }

  /**
   * Each window the batch changed, numbered as the owner's; null when the replica disagrees with
   * the owner about which windows changed (a replica gone wrong).
   */
  private follow(
    touched: ReadonlySet<string>,
    sequences: readonly number[],
  ): Map<PairSymbol, BookChanges> | null {
    const books = new Map<PairSymbol, BookChanges>();
    const windows = this.windows;
    if (windows === null) return books;
    const before = windows.sequences();
    for (const [index, pair] of PAIR_SYMBOLS.entries()) {
      const was = before[index] ?? 0;
      const sequence = sequences[index] ?? was;
      if (sequence === was && !touched.has(pair)) continue;
      const changes = windows.advance(pair, sequence);
      if ((changes === null) !== (sequence === was) || sequence < was) return null;
      if (changes !== null) books.set(pair, changes);
    }
    return books;
  }

  private async rebuild(): Promise<void> {
    const at = await this.replica.rebuild();
    this.unnumbered = true;
    this.moveTo(at);
  }

  private restart(sequences: readonly number[]): void {
    this.unnumbered = false;
    this.windows?.restart(sequences);
    this.hooks.restarted();
  }

  private moveTo(at: BatchPosition): void {
    this.position = at;
    for (const waiter of this.waiters) {
      if (isBefore(at, waiter.at)) continue;
      this.waiters.delete(waiter);
      waiter.done();
    }
  }
}
