/**
 * A burst of spot orders to every server of a cluster with the market's owner taken out in the
 * middle of it (killed, cut off, stopped, hung): the one round the cluster test and the cluster
 * fault run share. Once a third of the burst is acknowledged the owner is taken out, a placement
 * through a surviving follower times the market's return, and the calls in doubt are sent again.
 */
import assert from 'node:assert/strict';
import type { Database } from '../../server/storage/db.ts';
import { callApi, type Trader } from '../spot/traders.ts';
import { until } from '../supportTesting.ts';
import { WALLET_ENV } from '../wallet/faults.ts';
import { OrderBurst } from './orderBurst.ts';
import { type Cluster, type ClusterServer, marketOwner } from './servers.ts';

/** Traders in each burst of orders, and the placements each sends. */
export const BURST_TRADERS = 6;
export const BURST_PLACEMENTS = 30;

/** The servers' settings: the wallet's clock as the wallet fault run's, no review, no limits. */
export const CLUSTER_ENV: Readonly<Record<string, string>> = {
  ...WALLET_ENV,
  WITHDRAWAL_REVIEW_USD: '1000000000',
  SUPPORT_RATE_LIMIT: '0',
};

/** What a round needs of its test: the database, the cluster, and fresh funded accounts. */
export interface BurstPlace {
  db: Database;
  cluster: Cluster;
  /** The next account nobody used yet. */
  account(): Promise<Trader>;
}

/** How the owner is taken out, which servers a client may use then, and how it is undone. */
export interface BurstFault {
  fault(owner: ClusterServer): Promise<void>;
  live(owner: ClusterServer): ClusterServer[];
  /** Undoes the fault once the market is back (a stopped owner continued). */
  recover?(owner: ClusterServer): void;
}

/** How the round went: the owner before and after, the burst, and the market's return. */
export interface BurstOutcome {
  before: Awaited<ReturnType<typeof marketOwner>>;
  after: Awaited<ReturnType<typeof marketOwner>>;
  burst: OrderBurst;
  /** Milliseconds from the fault to the first placement answered through a follower. */
  backMs: number;
  /** Calls whose outcome the burst never learned, sent again. */
  resent: number;
}

/** See the file comment; `seed` fixes the burst's placements. */
export async function burstThroughFault(
  place: BurstPlace,
  seed: number,
  { fault, live, recover }: BurstFault,
): Promise<BurstOutcome> {
  const { db, cluster } = place;
  const before = await marketOwner(db);
  assert.ok(before.server !== null && before.epoch !== null, 'a server owns the market');
  const owner = cluster.named(before.server);
  const traders = await Promise.all(Array.from({ length: BURST_TRADERS }, () => place.account()));
  const burst = new OrderBurst(traders, seed);
  let usable = cluster.servers;
  const running = burst.run(() => usable.map((server) => server.url), BURST_PLACEMENTS);
  await until(
    'a third of the burst acknowledged',
    () => burst.acknowledged.size >= (BURST_TRADERS * BURST_PLACEMENTS) / 3,
  );
  await fault(owner);
  const faultAt = performance.now();
  usable = live(owner);
  const follower = usable.find((server) => server !== owner) as ClusterServer;
  const probe = await place.account();
  const answer = await callApi(follower.url, 'orders.place', probe.token, {
    pair: 'BTC_USDT',
    side: 'buy',
    type: 'limit',
    price: '1000',
    amount: '0.01',
    clientOrderId: `probe-${seed}`,
  });
  const backMs = performance.now() - faultAt;
  assert.equal(answer.status, true, String(answer.error_msg));
  recover?.(owner);
  await running;
  const resent = burst.inDoubt.length;
  await burst.resend(follower.url);
  const after = await marketOwner(db);
  return { before, after, burst, backMs, resent };
}
