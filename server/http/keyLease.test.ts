import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { KeyLease, LEASE_MS } from './keyLease.ts';

const spent = async (limiter: RateLimiterMemory, key: string) =>
  (await limiter.get(key))?.consumedPoints ?? 0;

/** Spends `count` requests of weight 1, `everyMs` apart from `from`; the time after the last. */
async function spendPaced(lease: KeyLease, count: number, from: number, everyMs: number) {
  let now = from;
  for (let i = 0; i < count; i += 1) {
    assert.equal(await lease.spend(1, now), null);
    now += everyMs;
  }
  return now;
}

test('a slow socket leases the smallest share, and gives back what it kept', async () => {
  const limiter = new RateLimiterMemory({ points: 400, duration: 60 });
  const lease = new KeyLease(limiter, 'k');
  const start = Date.now();
  // The first spend is exact (nothing known of the key); the second leases 10 ahead.
  let now = await spendPaced(lease, 12, start, 1_000);
  assert.equal(await spent(limiter, 'k'), 12, 'one exact, then 1 + 10 ahead: all spent');
  // Ten spent in ten seconds: at that pace a lease of LEASE_MS would be 5, below the least.
  now = await spendPaced(lease, 1, now, 1_000);
  assert.equal(await spent(limiter, 'k'), 23, 'the next lease, of the smallest share again');
  await lease.giveBack(now);
  assert.equal(await spent(limiter, 'k'), 13, 'what was leased and unspent went back');
});

test("a fast socket's lease grows to what it spends in LEASE_MS, up to an eighth of the budget", async () => {
  const limiter = new RateLimiterMemory({ points: 400, duration: 60 });
  const lease = new KeyLease(limiter, 'k');
  // Exact, then 1 + 10 ahead at t = 200 ms, those ten spent by t = 2.4 s: at that pace
  // LEASE_MS takes 10 × 5,000 / 2,200 = 23, the next lease.
  assert.equal(LEASE_MS, 5_000);
  let now = await spendPaced(lease, 13, Date.now(), 200);
  assert.equal(await spent(limiter, 'k'), 12 + 1 + 23);
  // Those 23 spent 10 ms apart would make hundreds: the lease is held to an eighth of 400.
  now = await spendPaced(lease, 24, now, 10);
  assert.equal(await spent(limiter, 'k'), 36 + 1 + 50);
  // While four eighths are left besides, 50 at a time; then the smallest share, 10.
  for (const total of [138, 189, 240, 251]) {
    now = await spendPaced(lease, 51, now, 1);
    assert.equal(await spent(limiter, 'k'), total);
  }
  await lease.giveBack(now);
});

test('near the end of the budget a lease spends exactly, and refuses as HTTP would', async () => {
  const limiter = new RateLimiterMemory({ points: 40, duration: 60 });
  const lease = new KeyLease(limiter, 'k');
  for (let i = 0; i < 4; i += 1) assert.equal(await lease.spend(10), null);
  assert.equal(await spent(limiter, 'k'), 40);
  const refused = await lease.spend(10);
  assert.ok(refused !== null && refused.wait > 0);
});
