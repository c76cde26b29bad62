/**
 * A key's last use (time and address), for its owner's list. Written at most once per key every
 * LAST_USE_EVERY_MS by each server, after the answer, so a program's calls do not each cost a
 * write: the list may lag a busy key by that much.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../storage/db.ts';

/** The least time between two writes of one key's last use by one server. */
export const LAST_USE_EVERY_MS = 10_000;

const FORGET_AFTER = 10_000;

/** One server's writer of last uses. */
export class LastUse {
  /** When each key's last use was last written by this server. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a use of the key from `ip` unless this server wrote one in the last 10 s. */
  note(keyId: string, ip: string, now = Date.now()): void {
    const last = this.written.get(keyId);
    if (last !== undefined && now - last < LAST_USE_EVERY_MS) return;
    this.forgetOld(now);
    this.written.set(keyId, now);
    this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now), last_used_ip: ip })
      .where('id', '=', keyId)
      .execute()
      .catch((error: unknown) => this.log.warn({ err: error }, 'API key last use not written'));
  }

  /** Drops the keys past their pause once many are remembered. */
  private forgetOld(now: number): void {
    if (this.written.size < FORGET_AFTER) return;
    for (const [id, at] of this.written) {
      if (now - at >= LAST_USE_EVERY_MS) this.written.delete(id);
    }
  }
}
