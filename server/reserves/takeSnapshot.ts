/**
 * Takes a snapshot of liabilities (and the reserves beside them): one repeatable-read
 * transaction reads every balance and the devnet's chains at one instant, the tree is built from
 * what it read, the nodes' chains are read, and then everything is written in one transaction.
 * A snapshot that fails or is killed at any point before that commit leaves no row behind.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { addDecimals, formatDecimal } from '../../core/markets/decimal.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { listedAssets, readLiabilities, UNIT_DECIMALS } from './liabilities.ts';
import { assetHeader, decodeAmounts, HASH_BYTES } from './merkleSumTree.ts';
import type { ReserveAddress, ReserveReader } from './reserveAddresses.ts';
import { type BuiltTree, TreeBuilder } from './snapshotTree.ts';

/** What taking a snapshot needs besides the database. */
export interface SnapshotOptions {
  /** Staff who asked, or null for the schedule. */
  takenBy: number | null;
  /** Where the exchange's addresses and their balances come from; none: reserves of zero. */
  reserves?: ReserveReader;
  /** Account ids each read statement covers (PAGE_IDS); tests make it small to read many pages. */
  pageIds?: number;
  /** Called inside the writing transaction before it commits (the fault test kills it there). */
  beforeCommit?: () => Promise<void>;
}

/** A snapshot as taken: its id, time and root. */
export interface TakenSnapshot {
  id: number;
  takenAt: Date;
  rootHash: string;
  leafCount: number;
  accounts: number;
  /**
   * Time spent reading the ledger (hashing each account's leaf as it comes), building the rest
   * of the tree, reading and signing the reserves, and writing.
   */
  phases: Record<'read' | 'tree' | 'reserves' | 'store', PhaseTime>;
}

/** Wall-clock and CPU milliseconds (this process, every thread) of one phase. */
export interface PhaseTime {
  ms: number;
  cpuMs: number;
}

/** A lap timer: each call answers the time since the previous one (or since it was made). */
function stopwatch(): () => PhaseTime {
  let wall = performance.now();
  let cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    const lap = { ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
    wall = performance.now();
    cpu = process.cpuUsage();
    return lap;
  };
}

/** Rows per insert statement when the leaves are written. */
const CHUNK = 5_000;

/** Takes a snapshot; see the file comment. */
export async function takeSnapshot(db: Database, options: SnapshotOptions): Promise<TakenSnapshot> {
  const lap = stopwatch();
  const secret = randomBytes(32);
  const read = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The first statement fixes what the whole transaction sees, and its time is the snapshot's.
      const { rows } = await sql<{ at: Date }>`select statement_timestamp() as at`.execute(trx);
      const assets = await listedAssets(trx);
      const builder = new TreeBuilder(secret, assetHeader(assets), assets.length);
      const owed = await readLiabilities(trx, assets, builder, options.pageIds);
      const held = (await options.reserves?.readInSnapshot(trx)) ?? [];
      return { takenAt: (rows[0] as { at: Date }).at, assets, builder, ...owed, held };
    });
  const readTime = lap();
  const tree = read.builder.build();
  const rootHash = tree.root.subarray(0, HASH_BYTES).toString('hex');
  const treeTime = lap();
  const held = [...read.held, ...((await options.reserves?.readOutside()) ?? [])];
  const addresses = (await options.reserves?.sign(held, ownershipStatement(rootHash))) ?? [];
  const reservesTime = lap();
  const taken = await db.transaction().execute(async (trx) => {
    const snapshot = await trx
      .insertInto('reserve_snapshots')
      .values({
        taken_at: read.takenAt,
        taken_by: options.takenBy,
        assets: read.assets,
        leaf_count: tree.leafCount,
        accounts: read.userIds.length,
        root_hash: rootHash,
        secret: secret.toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTotals(trx, snapshot.id, read.assets, tree, addresses);
    await writeLeaves(trx, snapshot.id, tree.positions, read.userIds, read.units);
    await writeNodes(trx, snapshot.id, tree);
    await writeAddresses(trx, snapshot.id, addresses);
    await options.beforeCommit?.();
    return {
      id: snapshot.id,
      takenAt: read.takenAt,
      rootHash,
      leafCount: tree.leafCount,
      accounts: read.userIds.length,
    };
  });
  const phases = { read: readTime, tree: treeTime, reserves: reservesTime, store: lap() };
  return { ...taken, phases };
}

/**
 * The words each address signs: they name the snapshot's root, so a signature cannot be carried
 * over from another snapshot. `{address}` is filled with the address signing.
 */
export function ownershipStatement(rootHash: string): string {
  return `This address, {address}, belongs to the exchange and is counted in its proof of reserves with liabilities root ${rootHash}.`;
}

async function writeTotals(
  trx: Queryable,
  id: number,
  assets: readonly string[],
  tree: BuiltTree,
  addresses: readonly ReserveAddress[],
): Promise<void> {
  const sums = decodeAmounts(tree.root.subarray(HASH_BYTES));
  await trx
    .insertInto('reserve_totals')
    .values(
      assets.map((ticker, position) => ({
        snapshot_id: id,
        ticker,
        position,
        liabilities: formatDecimal(sums[position] as bigint, UNIT_DECIMALS),
        reserves: reservesOf(addresses, ticker),
      })),
    )
    .execute();
}

/** The balances of `ticker` over every address, an exact decimal string. */
function reservesOf(addresses: readonly ReserveAddress[], ticker: string): string {
  let total = '0';
  for (const address of addresses) {
    const amount = address.balances[ticker];
    if (amount !== undefined) total = addDecimals(total, amount);
  }
  return total;
}

/** Each counted account's leaf position and balances (units, in asset order), CHUNK rows a statement. */
async function writeLeaves(
  trx: Queryable,
  id: number,
  positions: readonly number[],
  userIds: readonly number[],
  units: readonly string[][],
): Promise<void> {
  for (let from = 0; from < positions.length; from += CHUNK) {
    const to = Math.min(from + CHUNK, positions.length);
    // One array literal a row: the driver quotes 5,000 texts, not 5,000 times one per asset.
    const amounts = units.slice(from, to).map((row) => `{${row.join(',')}}`);
    await sql`insert into reserve_leaves (snapshot_id, position, user_id, amounts)
      select ${id}, p, u, a::numeric[]
      from unnest(${positions.slice(from, to)}::integer[], ${userIds.slice(from, to)}::integer[],
        ${amounts}::text[]) as t(p, u, a)`.execute(trx);
  }
}

async function writeNodes(trx: Queryable, id: number, tree: BuiltTree): Promise<void> {
  const levels: number[] = [];
  const positions: number[] = [];
  const records: string[] = [];
  for (const [level, packed] of tree.stored) {
    const size = packed.length / 2 ** (Math.log2(tree.leafCount) - level);
    for (let position = 0; position * size < packed.length; position += 1) {
      levels.push(level);
      positions.push(position);
      records.push(packed.toString('hex', position * size, (position + 1) * size));
    }
  }
  await sql`insert into reserve_nodes (snapshot_id, level, position, record)
    select ${id}, l, p, r from unnest(${levels}::integer[], ${positions}::integer[],
      ${records}::text[]) as t(l, p, r)`.execute(trx);
}

async function writeAddresses(
  trx: Queryable,
  id: number,
  addresses: readonly ReserveAddress[],
): Promise<void> {
  if (addresses.length === 0) return;
  await trx
    .insertInto('reserve_addresses')
    .values(addresses.map((address) => ({ snapshot_id: id, ...address })))
    .execute();
}
