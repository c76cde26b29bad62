/**
 * A job the wallet repeats on a timer (a devnet block, a withdrawal run), one run at a time: a
 * run that fails is logged and the next comes all the same; `stop` waits for a run under way,
 * so the database can close after it.
 */
import { sql } from 'kysely';
import type { Database } from '../storage/db.ts';

/** See the file comment. */
export class RepeatingRun {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  private constructor(
    private readonly job: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs `job` every `intervalMs`, the first time one interval from now, until stopped. */
  static start(
    job: () => Promise<unknown>,
    intervalMs: number,
    failed: (error: unknown) => void,
  ): RepeatingRun {
    const run = new RepeatingRun(job, intervalMs, failed);
    run.schedule();
    return run;
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.job()
        .catch(this.failed)
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.intervalMs);
  }
}

/**
 * Runs `job` as the one server doing it now, when several share a PostgreSQL database: under a
 * transaction-scoped advisory lock named `name`, or not at all (null) while another holds it.
 * The lock lives on a connection of its own while the job uses others (PGlite has one
 * connection, and is never shared).
 */
export async function inTurn<T>(
  db: Database,
  name: string,
  job: () => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ leader: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${name})) as leader`.execute(trx);
    return rows[0]?.leader ? job() : null;
  });
}
