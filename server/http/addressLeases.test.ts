import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AddressLeases } from './addressLeases.ts';

const spent = async (limiter: RateLimiterMemory, key: string) =>
  (await limiter.get(key))?.consumedPoints ?? 0;

test('an address spends from its lease, telling the points left as if it spent one by one', async () => {
  const limiter = new RateLimiterMemory({ points: 400, duration: 60 });
  const leases = new AddressLeases(limiter);
  const remaining: number[] = [];
  for (let i = 0; i < 13; i += 1) remaining.push((await leases.take('1.2.3.4')).remaining);
  assert.deepEqual(
    remaining,
    Array.from({ length: 13 }, (_, i) => 399 - i),
  );
  // One exact, then 1 + 10 ahead, then the next lease: the counter was asked three times.
  assert.equal(await spent(limiter, '1.2.3.4'), 23);
  assert.equal(await spent(limiter, '5.6.7.8'), 0, 'each address has its own lease');
});

test('a lease lapses with the minute, and near the end of the budget an address spends exactly', async () => {
  const limiter = new RateLimiterMemory({ points: 40, duration: 60 });
  const leases = new AddressLeases(limiter);
  // Leases of 1 point while 4 are left besides, then exact: all 40 calls fit.
  for (let i = 0; i < 40; i += 1) assert.equal((await leases.take('a')).wait, 0);
  assert.equal(await spent(limiter, 'a'), 40);
  const refused = await leases.take('a');
  assert.ok(refused.wait > 0 && refused.remaining === 0);
  const counter = new RateLimiterMemory({ points: 400, duration: 60 });
  const later = new AddressLeases(counter);
  await later.take('b', 0);
  await later.take('b', 0);
  assert.equal(await spent(counter, 'b'), 12);
  // Past its minute the lease is not spent from: the counter is asked again, for this call only.
  await later.take('b', 120_000);
  assert.equal(await spent(counter, 'b'), 13);
});
