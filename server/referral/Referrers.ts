/**
 * Who referred each trader, remembered: a referrer is set at sign-up and never changed (the
 * database refuses a change), so an answer once read stays right and the market asks the database
 * only about users it has not seen, once per batch, in the batch's transaction.
 */
import type { Queryable } from '../storage/db.ts';

/** A cache of user id → referrer id (null for none), filled on demand. */
export class Referrers {
  private readonly known = new Map<number, number | null>();

  /** Loads the referrers of the users not known yet, with one query. */
  async load(db: Queryable, userIds: readonly number[]): Promise<void> {
    const missing = userIds.filter((id) => !this.known.has(id));
    if (missing.length === 0) return;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'referred_by'])
      .where('id', 'in', missing)
      .execute();
    for (const row of rows) this.known.set(row.id, row.referred_by);
  }

  /** The referrer of a loaded user (null for none); undefined when not loaded. */
  readonly of = (userId: number): number | null | undefined => this.known.get(userId);
}
