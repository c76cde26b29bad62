/**
 * A socket's lease on its API key's budget (API_KEY_RATE_LIMIT, the limiter signed HTTP calls
 * spend from). Asking the shared counter for every request would cost a database round trip each
 * (and on PostgreSQL a commit); instead a socket takes, with one request's weight, a share of the
 * budget ahead and spends it locally until it runs out or the key's minute ends. The share follows
 * the socket's pace: what it spent in about LEASE_MS at the rate it spent its last lease, from
 * LEASE_SHARE of the budget for a slow socket up to MAX_LEASE_SHARE for a fast one, and only while
 * the key has four such leases left besides (else the smallest share, else none). The counter
 * holds the lease as spent, so a key is never allowed more than its budget over all its servers
 * and sockets; what a socket leased and did not spend is given back when it closes, or lapses with
 * the minute (a key may then be refused up to one lease early). Near the end of its budget a
 * socket spends exactly, request by request, as HTTP does.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type LimitState, take } from './limits.ts';

/** The least of a key's minute budget a lease takes ahead (a slow socket's, and the first). */
export const LEASE_SHARE = 1 / 40;

/** The most of a key's minute budget one lease takes ahead, however fast the socket spends. */
export const MAX_LEASE_SHARE = 1 / 8;

/** How long a lease should last at the pace the socket spent its last one. */
export const LEASE_MS = 5_000;

/** See the file comment. */
export class KeyLease {
  private left = 0;
  private until = 0;
  /** What the key had left after the last spend from the counter; unknown before the first. */
  private remaining = 0;
  /** What the last lease took ahead, and when: with what is left of it, the socket's pace. */
  private leased = 0;
  private leasedAt = 0;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly keyId: string,
  ) {}

  /** Spends `weight`: from the lease when it covers it, else from the counter. */
  async spend(weight: number, now = Date.now()): Promise<LimitState | null> {
    if (now < this.until && this.left >= weight) {
      this.left -= weight;
      return null;
    }
    const least = Math.floor(this.limiter.points * LEASE_SHARE);
    const share = this.share(least, now);
    await this.giveBack(now);
    // Leased only while what the key had left covers four leases besides this request: a lease
    // that overshot would be refused, and the limiter blocks a key over its budget for the minute.
    const besides = this.remaining - weight;
    const ahead = besides >= 4 * share ? share : besides >= 4 * least ? least : 0;
    const state = await take(this.limiter, this.keyId, weight + ahead);
    this.left = state.wait > 0 ? 0 : ahead;
    this.leased = this.left;
    this.leasedAt = now;
    this.remaining = state.remaining;
    this.until = now + state.resetMs;
    return state.wait > 0 ? state : null;
  }

  /** The next lease's size: what the last one spent, scaled to LEASE_MS at the pace it did. */
  private share(least: number, now: number): number {
    const spent = this.leased - this.left;
    if (spent <= 0) return least;
    const most = Math.floor(this.limiter.points * MAX_LEASE_SHARE);
    const paced = Math.round((spent * LEASE_MS) / Math.max(1, now - this.leasedAt));
    return Math.min(most, Math.max(least, paced));
  }

  /** Gives back what is leased and unspent (the socket closed, or the lease is stale). */
  async giveBack(now = Date.now()): Promise<void> {
    const left = now < this.until ? this.left : 0;
    this.left = 0;
    if (left > 0) await this.limiter.reward(this.keyId, left);
  }
}
