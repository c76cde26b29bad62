import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { KeyLease } from './keyLease.ts';

const spent = async (limiter: RateLimiterMemory, key: string) =>
  (await limiter.get(key))?.consumedPoints ?? 0;

test('a lease asks the counter once per share of the budget, and gives back what it kept', async () => {
  const limiter = new RateLimiterMemory({ points: 400, duration: 60 });
  const lease = new KeyLease(limiter, 'k');
  // The first spend is exact (nothing known of the key); the second leases 10 ahead.
  for (let i = 0; i < 12; i += 1) assert.equal(await lease.spend(1), null);
  assert.equal(await spent(limiter, 'k'), 12, 'one exact, then 1 + 10 ahead: all spent');
  assert.equal(await lease.spend(1), null);
  assert.equal(await spent(limiter, 'k'), 23, 'the next lease');
  await lease.giveBack();
  assert.equal(await spent(limiter, 'k'), 13, 'what was leased and unspent went back');
});

test('near the end of the budget a lease spends exactly, and refuses as HTTP would', async () => {
  const limiter = new RateLimiterMemory({ points: 40, duration: 60 });
  const lease = new KeyLease(limiter, 'k');
  for (let i = 0; i < 4; i += 1) assert.equal(await lease.spend(10), null);
  assert.equal(await spent(limiter, 'k'), 40);
  const refused = await lease.spend(10);
  assert.ok(refused !== null && refused.wait > 0);
});
