/**
 * Sends the queued mails: when told a mail was queued (in this process, or by PostgreSQL's
 * NOTIFY when a server's transaction that queued one commits), when the earliest retry falls due,
 * and once a minute all the same (a lease run out after a crash, a signal lost), the due rows go
 * out one by one; an idle queue costs no query in between. A failure is kept with the row and tried again later, waiting twice as
 * long each time (30 s, 1 min, 2 min … at most an hour); every attempt carries the row's own
 * Message-ID, so a receiving server can tell a retry from a new mail. Before a row is tried it is
 * leased for five minutes: a crash in the middle sends it again after the restart, never loses it.
 * Servers sharing the database each run a sender, not in turn: the lease takes the row past any
 * other's lock (SKIP LOCKED) and moves it five minutes out in the same transaction, so each mail
 * goes out once while the servers' clocks agree within the lease.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../storage/db.ts';
import type { Deliver } from './transport.ts';

/** How often the queue is looked at when nothing wakes the sender. */
export const MAIL_SAFETY_POLL_MS = 60_000;

/** How long a row being sent stays out of other sweeps. */
const LEASE_MS = 5 * 60_000;

/** The wait after the `attempts`-th failure. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** See the file comment. */
export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Woken while a sweep ran: the sweep may have looked before the new mail was there. */
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly deliver: Deliver,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts the sweeps (the first at once). */
  start(pollMs = MAIL_SAFETY_POLL_MS): void {
    this.timer = setInterval(() => this.nudge(), pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Sends what is due now; woken during a sweep, sweeps once more after it. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.sweep().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Sends what is due, then sets the timer for the earliest retry. */
  private async sweep(): Promise<number> {
    try {
      const sent = await this.sendDue();
      if (!this.again) await this.wakeForRetry();
      return sent;
    } catch (error) {
      this.log.error({ err: error }, 'mail sweep failed');
      return 0;
    }
  }

  /** Stops the sweeps and waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.retry !== null) clearTimeout(this.retry);
    this.timer = null;
    await this.running;
  }

  /** A timer for the earliest retry (or lease) still waiting, when it comes before the poll. */
  private async wakeForRetry(): Promise<void> {
    const next = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    if (next?.at == null || this.stopped) return;
    const waitMs = Math.max(0, new Date(next.at).getTime() - Date.now());
    if (waitMs >= MAIL_SAFETY_POLL_MS) return;
    this.retry = setTimeout(() => this.nudge(), waitMs + 10);
    this.retry.unref();
  }

  /** Sends every due mail once; resolves with how many went out. */
  async sendDue(now = () => new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const row = await this.lease(now());
      if (row === undefined) return sent;
      try {
        await this.deliver({
          messageId: row.message_id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        await this.db
          .updateTable('mail_outbox')
          .set({ sent_at: now(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        this.log.warn({ err: error, messageId: row.message_id, attempts }, 'mail not delivered');
        await this.db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: String(error).slice(0, 500),
            next_attempt_at: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  /** Takes the oldest due row out of the sweeps for LEASE_MS, or nothing when none is due. */
  private async lease(now: Date) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('mail_outbox')
        .select(['id', 'message_id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      await trx
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
        .where('id', '=', row.id)
        .execute();
      return row;
    });
  }
}
