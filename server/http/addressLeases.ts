/**
 * This server's leases on the addresses' API budgets (API_RATE_LIMIT) when they count in
 * PostgreSQL: asking the shared counter for every call would cost each call a second database
 * round trip. A call takes, with its own point, up to LEASE_SHARE of its address's budget ahead
 * (only while the address has four such leases left besides), and the next calls from that
 * address spend it here until it runs out or the minute ends. The counter holds a lease as spent,
 * so an address is never allowed more than its budget over all servers; what a lease did not
 * spend lapses with the minute (an address may be refused up to one lease per server early).
 * Near the end of its budget an address spends exactly, call by call, and its refusals come from
 * the counter as before.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LEASE_SHARE } from './keyLease.ts';
import { type LimitState, take } from './limits.ts';

/** One address's lease: points left here, until when, and what the counter had left then. */
interface Lease {
  left: number;
  until: number;
  remaining: number;
}

/** See the file comment. */
export class AddressLeases {
  private readonly leases = new Map<string, Lease>();
  /** The number of leases at which the lapsed ones are dropped next. */
  private sweepAt = 1024;

  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Spends one call of `address`'s budget and tells where the address stands, as `take` does. */
  async take(address: string, now = Date.now()): Promise<LimitState> {
    const lease = this.leases.get(address);
    if (lease !== undefined && now < lease.until && lease.left >= 1) {
      lease.left -= 1;
      const remaining = lease.remaining + lease.left;
      return { limit: this.limiter.points, remaining, resetMs: lease.until - now, wait: 0 };
    }
    const share = Math.floor(this.limiter.points * LEASE_SHARE);
    // What the address had left is known only from this server's last take in this minute.
    const known = lease !== undefined && now < lease.until ? lease.remaining : 0;
    const ahead = known - 1 >= 4 * share ? share : 0;
    const state = await take(this.limiter, address, 1 + ahead);
    const left = state.wait > 0 ? 0 : ahead;
    this.leases.set(address, { left, until: now + state.resetMs, remaining: state.remaining });
    this.sweep(now);
    return { ...state, remaining: state.remaining + left };
  }

  // Drops lapsed leases once their number doubled since the last sweep: O(1) a call on average.
  private sweep(now: number): void {
    if (this.leases.size < this.sweepAt) return;
    for (const [address, lease] of this.leases) {
      if (now >= lease.until) this.leases.delete(address);
    }
    this.sweepAt = Math.max(1024, 2 * this.leases.size);
  }
}
