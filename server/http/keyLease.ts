/**
 * A socket's lease on its API key's budget (API_KEY_RATE_LIMIT, the limiter signed HTTP calls
 * spend from). Asking the shared counter for every request would cost a database round trip each
 * on PostgreSQL; instead a socket takes, with one request's weight, up to LEASE_SHARE of the budget
 * ahead (only while the key has four such leases left besides), and spends it locally until it
 * runs out or the key's minute ends. The counter holds the lease as spent, so a key is never allowed
 * more than its budget over all its servers and sockets; what a socket leased and did not spend is
 * given back when it closes, or lapses with the minute (a key may then be refused up to one lease
 * early). Near the end of its budget a socket spends exactly, request by request, as HTTP does.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type LimitState, take } from './limits.ts';

/** The most of a key's minute budget one lease takes ahead. */
export const LEASE_SHARE = 1 / 40;

/** See the file comment. */
export class KeyLease {
  private left = 0;
  private until = 0;
  /** What the key had left after the last spend from the counter; unknown before the first. */
  private remaining = 0;

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
    await this.giveBack();
    // Leased only while what the key had left covers four leases besides this request: a lease
    // that overshot would be refused, and the limiter blocks a key over its budget for the minute.
    const share = Math.floor(this.limiter.points * LEASE_SHARE);
    const ahead = this.remaining - weight >= 4 * share ? share : 0;
    const state = await take(this.limiter, this.keyId, weight + ahead);
    this.left = state.wait > 0 ? 0 : ahead;
    this.remaining = state.remaining;
    this.until = now + state.resetMs;
    return state.wait > 0 ? state : null;
  }

  /** Gives back what is leased and unspent (the socket closed, or the lease is stale). */
  async giveBack(now = Date.now()): Promise<void> {
    const left = now < this.until ? this.left : 0;
    this.left = 0;
    if (left > 0) await this.limiter.reward(this.keyId, left);
  }
}
