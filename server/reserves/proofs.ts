/**
 * An account's proof in a snapshot, rebuilt from what the snapshot stored: the account's leaf
 * (its nonce follows from the snapshot's secret), the siblings below the stored levels rebuilt
 * from the leaves of its block, and the stored siblings above. The proof file's format is
 * described in docs/proof-of-reserves.md.
 */
import { sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import {
  type AccountProof,
  PROOF_FORMAT,
  type ProofNode,
  type Ticker,
} from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { UNIT_DECIMALS } from './liabilities.ts';
import {
  accountNonce,
  assetHeader,
  decodeAmounts,
  depthOf,
  encodeAmounts,
  HASH_BYTES,
  recordBytes,
} from './merkleSumTree.ts';
import { leafBlock, lowerPath, STORED_FROM_LEVEL, type TreeLeaf } from './snapshotTree.ts';

/** The snapshot's id: the one asked for, or the latest; refused when there is none. */
export async function snapshotIdOf(db: Queryable, asked: number | undefined): Promise<number> {
  let query = db.selectFrom('reserve_snapshots').select('id').orderBy('id', 'desc').limit(1);
  if (asked !== undefined) query = query.where('id', '=', asked);
  const row = await query.executeTakeFirst();
  if (row === undefined) {
    throw refusal(asked === undefined ? 'reserves.noSnapshot' : 'reserves.unknownSnapshot');
  }
  return row.id;
}

/** The account's proof in the snapshot; refused when the account was not counted in it. */
export async function accountProof(
  db: Queryable,
  snapshotId: number,
  userId: number,
): Promise<AccountProof> {
  const snapshot = await db
    .selectFrom('reserve_snapshots')
    .select(['id', 'taken_at', 'assets', 'leaf_count', 'secret'])
    .where('id', '=', snapshotId)
    .executeTakeFirstOrThrow();
  const mine = await db
    .selectFrom('reserve_leaves')
    .select('position')
    .where('snapshot_id', '=', snapshotId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (mine === undefined) throw refusal('reserves.notCounted');
  const secret = Buffer.from(snapshot.secret, 'hex');
  const assets = snapshot.assets;
  const size = recordBytes(assets.length);
  const blockSize = 2 ** STORED_FROM_LEVEL;
  const from = mine.position - (mine.position % blockSize);
  const block = await blockLeaves(db, snapshotId, from, blockSize);
  const records = leafBlock(secret, assetHeader(assets), assets.length, block, from, blockSize);
  const own = records.subarray((mine.position - from) * size, (mine.position - from + 1) * size);
  const upper = await upperPath(db, snapshotId, mine.position, depthOf(snapshot.leaf_count));
  const units = decodeAmounts(own.subarray(HASH_BYTES));
  const account = String(userId);
  return {
    balances: assets.map((ticker, index) => ({
      ticker: ticker as Ticker,
      amount: formatDecimal(units[index] as bigint, UNIT_DECIMALS),
    })),
    proof: {
      format: PROOF_FORMAT,
      version: 1,
      snapshot: {
        id: snapshot.id,
        takenAt: snapshot.taken_at.toISOString(),
        leafCount: snapshot.leaf_count,
        assets: assets.map((ticker) => ({ ticker, decimals: UNIT_DECIMALS })),
        root: upper.root,
      },
      account,
      leaf: {
        index: mine.position,
        nonce: accountNonce(secret, account).toString('hex'),
        balances: units.map(String),
        hash: own.toString('hex', 0, HASH_BYTES),
      },
      path: [...lowerPath(records, size, mine.position).map(node), ...upper.path],
    },
  };
}

/** The counted leaves stored in positions `from` to `from + count - 1`. */
async function blockLeaves(
  db: Queryable,
  snapshotId: number,
  from: number,
  count: number,
): Promise<Map<number, TreeLeaf>> {
  const rows = await db
    .selectFrom('reserve_leaves')
    .select(['position', 'user_id', sql<string>`array_to_string(amounts, ',')`.as('units')])
    .where('snapshot_id', '=', snapshotId)
    .where('position', '>=', from)
    .where('position', '<', from + count)
    .execute();
  const leaves = new Map<number, TreeLeaf>();
  for (const row of rows) {
    const amounts = encodeAmounts(row.units.split(',').map((text) => BigInt(text)));
    leaves.set(row.position, { account: String(row.user_id), amounts });
  }
  return leaves;
}

/** The stored siblings from STORED_FROM_LEVEL up, and the root. */
async function upperPath(
  db: Queryable,
  snapshotId: number,
  position: number,
  depth: number,
): Promise<{ path: ProofNode[]; root: ProofNode }> {
  const wanted = [{ level: depth, position: 0 }];
  for (let level = STORED_FROM_LEVEL; level < depth; level += 1) {
    wanted.push({ level, position: (position >> level) ^ 1 });
  }
  const rows = await db
    .selectFrom('reserve_nodes')
    .select(['level', 'position', 'record'])
    .where('snapshot_id', '=', snapshotId)
    .where((eb) =>
      eb.or(
        wanted.map((w) => eb.and([eb('level', '=', w.level), eb('position', '=', w.position)])),
      ),
    )
    .execute();
  const byLevel = new Map(rows.map((row) => [row.level, Buffer.from(row.record, 'hex')]));
  const at = (level: number): Buffer => {
    const record = byLevel.get(level);
    if (record === undefined) throw new Error(`snapshot ${snapshotId} lacks level ${level}`);
    return record;
  };
  const path: ProofNode[] = [];
  for (let level = STORED_FROM_LEVEL; level < depth; level += 1) path.push(node(at(level)));
  return { path, root: node(at(depth)) };
}

/** A record as the proof file writes a node. */
function node(record: Buffer): ProofNode {
  return {
    hash: record.toString('hex', 0, HASH_BYTES),
    sums: decodeAmounts(record.subarray(HASH_BYTES)).map(String),
  };
}
