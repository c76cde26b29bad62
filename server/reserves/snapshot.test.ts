/**
 * Snapshots of liabilities on PGlite and PostgreSQL: every account is counted with its available
 * and held balances, the root's sums are the totals, each account's proof leads to the root, a
 * snapshot that cannot account for the P2P escrow leaves nothing, and the schedule takes one
 * snapshot per period however often it checks.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { verifyProof } from '../../clients/verify-proof.mjs';
import { forEachDatabase } from '../../test/databases.ts';
import { holder } from '../../test/reserves/holders.ts';
import { testConfig } from '../../test/serverTesting.ts';
import { seed } from '../content/seed.ts';
import type { Database } from '../storage/db.ts';
import { post } from '../wallet/ledger.ts';
import { accountProof } from './proofs.ts';
import { pruneSnapshots } from './retention.ts';
import { snapshotNow, snapshotWhenDue } from './SnapshotTaker.ts';
import { staffSnapshots } from './snapshotSummaries.ts';
import { takeSnapshot } from './takeSnapshot.ts';

const DAY = 24 * 3_600_000;

forEachDatabase((open) => {
  let db: Database;

  before(async () => {
    db = await open();
    await seed(db, testConfig());
  });

  const rows = async () => ({
    snapshots: (await db.selectFrom('reserve_snapshots').select('id').execute()).length,
    leaves: (await db.selectFrom('reserve_leaves').select('position').execute()).length,
    nodes: (await db.selectFrom('reserve_nodes').select('position').execute()).length,
  });

  test('a snapshot that cannot place the P2P escrow fails and leaves nothing', async () => {
    const seller = await holder(db, { ETH: '2' });
    await post(db, {
      from: { user: seller },
      to: { system: 'p2pEscrow' },
      ticker: 'ETH',
      amount: '0.5',
      reason: 'Escrow with no trade behind it',
    });
    await assert.rejects(takeSnapshot(db, { takenBy: null }), /P2P escrow of ETH differs/);
    assert.deepEqual(await rows(), { snapshots: 0, leaves: 0, nodes: 0 });
    await post(db, {
      from: { system: 'p2pEscrow' },
      to: { user: seller },
      ticker: 'ETH',
      amount: '0.5',
      reason: 'Escrow back',
    });
  });

  test('every account is counted, held balances too, and each proof leads to the root', async () => {
    const rich = await holder(db, { BTC: '1.5', USDT: '100.000000000000000001' }, { BTC: '0.25' });
    const poor = await holder(db);
    // Three account ids a statement: the accounts are read over several pages.
    const taken = await takeSnapshot(db, { takenBy: null, pageIds: 3 });
    const [snapshot] = await staffSnapshots(db, { limit: 1, id: taken.id });
    assert.ok(snapshot !== undefined);
    assert.equal(snapshot.leafCount, 1024);
    const users = await db.selectFrom('users').select('id').execute();
    assert.equal(snapshot.accounts, users.length);
    const total = (ticker: string) => snapshot.assets.find((a) => a.ticker === ticker)?.liabilities;
    assert.equal(total('BTC'), '1.5');
    assert.equal(total('USDT'), '100.000000000000000001');
    assert.equal(total('ETH'), '2');

    const mine = await accountProof(db, taken.id, rich);
    assert.deepEqual(
      mine.balances.filter((b) => b.amount !== '0'),
      [
        { ticker: 'BTC', amount: '1.5' },
        { ticker: 'USDT', amount: '100.000000000000000001' },
      ],
    );
    assert.equal(mine.proof.snapshot.root.hash, snapshot.rootHash);
    assert.equal(verifyProof(mine.proof, snapshot.rootHash).account, String(rich));
    const nothing = await accountProof(db, taken.id, poor);
    assert.ok(nothing.balances.every((b) => b.amount === '0'));
    verifyProof(nothing.proof, snapshot.rootHash);
  });

  test('a later change to a balance changes neither the snapshot nor its proofs', async () => {
    const account = await holder(db, { SOL: '3' });
    const taken = await takeSnapshot(db, { takenBy: null });
    const before = await accountProof(db, taken.id, account);
    await holderDeposit(db, account, '7');
    const after = await accountProof(db, taken.id, account);
    assert.deepEqual(after, before);
    const next = await takeSnapshot(db, { takenBy: null });
    const later = await accountProof(db, next.id, account);
    assert.equal(later.balances.find((b) => b.ticker === 'SOL')?.amount, '10');
    assert.notEqual(later.proof.snapshot.root.hash, before.proof.snapshot.root.hash);
  });

  test('the schedule takes one snapshot a period, and staff may not take two at once', async () => {
    const first = await snapshotWhenDue(db, DAY);
    // The tests above took snapshots moments ago: none is due.
    assert.equal(first, null);
    assert.ok((await snapshotWhenDue(db, 0)) !== null);
    const both = await Promise.allSettled([snapshotNow(db, null), snapshotNow(db, null)]);
    assert.equal(both.filter((r) => r.status === 'fulfilled').length, 1);
    const refused = both.find((r) => r.status === 'rejected');
    assert.match(String(refused?.reason), /being taken right now/);
  });

  test('old snapshots lose their proofs but keep their roots and totals; the latest keeps all', async () => {
    const account = await holder(db, { LTC: '4' });
    const old = await takeSnapshot(db, { takenBy: null });
    const latest = await takeSnapshot(db, { takenBy: null });
    // Both taken 91 days ago: the older loses its proofs at 90 days, the latest never does.
    await db
      .updateTable('reserve_snapshots')
      .set({ taken_at: new Date(Date.now() - 91 * DAY) })
      .where('id', 'in', [old.id, latest.id])
      .execute();
    const [published] = await staffSnapshots(db, { limit: 1, id: old.id });
    assert.deepEqual(await pruneSnapshots(db, 0), [], '0 keeps proofs for ever');
    const pruned = await pruneSnapshots(db, 90);
    assert.ok(pruned.includes(old.id) && !pruned.includes(latest.id), String(pruned));
    assert.deepEqual(await pruneSnapshots(db, 90), [], 'each is pruned once');

    await assert.rejects(
      accountProof(db, old.id, account),
      /Proofs of this snapshot are no longer/,
    );
    const left = async (table: 'reserve_leaves' | 'reserve_nodes', id: number) =>
      (await db.selectFrom(table).select('position').where('snapshot_id', '=', id).execute())
        .length;
    assert.equal(await left('reserve_leaves', old.id), 0);
    assert.equal(await left('reserve_nodes', old.id), 0);
    const [kept] = await staffSnapshots(db, { limit: 1, id: old.id });
    assert.deepEqual(kept, published, 'its public part is unchanged');
    const proof = await accountProof(db, latest.id, account);
    assert.equal(proof.balances.find((b) => b.ticker === 'LTC')?.amount, '4');
    verifyProof(proof.proof, latest.rootHash);
  });
});

async function holderDeposit(db: Database, user: number, amount: string): Promise<void> {
  await post(db, {
    from: { system: 'deposits' },
    to: { user },
    ticker: 'SOL',
    amount,
    reason: 'Test deposit',
  });
}
