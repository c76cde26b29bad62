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

/**
 * The account's proof in the snapshot; refused when the snapshot's proofs were pruned or the
 * account was not counted in it.
 */
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
  // A pruned snapshot has no leaves left, and no secret to make nonces with.
  if (snapshot.secret === null) throw refusal('reserves.pruned');
  const mine = await db
    .selectFrom('reserve_leaves')
    .select('position')
    .where('snapshot_id', '=', snapshotId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (mine === undefined) throw refusal('reserves.notCounted');
  const blockSize = 2 ** STORED_FROM_LEVEL;
  const from = mine.position - (mine.position % blockSize);
  const upper = await upperNodes(db, snapshotId, mine.position, depthOf(snapshot.leaf_count));
  return proofOf({
    snapshot: {
      id: snapshot.id,
      takenAt: snapshot.taken_at,
      assets: snapshot.assets,
      leafCount: snapshot.leaf_count,
      secret: Buffer.from(snapshot.secret, 'hex'),
    },
    account: String(userId),
    position: mine.position,
    block: await blockLeaves(db, snapshotId, from, blockSize),
    upper,
  });
}

/** What a proof is made of: the snapshot, the leaf's block and the stored nodes it needs. */
export interface ProofParts {
  snapshot: { id: number; takenAt: Date; assets: string[]; leafCount: number; secret: Buffer };
  account: string;
  position: number;
  /** The counted leaves of the position's block, by position. */
  block: ReadonlyMap<number, TreeLeaf>;
  /** The stored record at a level (from STORED_FROM_LEVEL up) and position. */
  upper: (level: number, position: number) => Buffer;
}

/** The proof of the leaf at `position`, from its parts (see the file comment). */
export function proofOf(parts: ProofParts): AccountProof {
  const { snapshot, account, position } = parts;
  const { assets, secret } = snapshot;
  const size = recordBytes(assets.length);
  const blockSize = 2 ** STORED_FROM_LEVEL;
  const from = position - (position % blockSize);
  const header = assetHeader(assets);
  const records = leafBlock(secret, header, assets.length, parts.block, from, blockSize);
  const own = records.subarray((position - from) * size, (position - from + 1) * size);
  const depth = depthOf(snapshot.leafCount);
  const upperPath: ProofNode[] = [];
  for (let level = STORED_FROM_LEVEL; level < depth; level += 1) {
    upperPath.push(node(parts.upper(level, (position >> level) ^ 1)));
  }
  const units = decodeAmounts(own.subarray(HASH_BYTES));
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
        takenAt: snapshot.takenAt.toISOString(),
        leafCount: snapshot.leafCount,
        assets: assets.map((ticker) => ({ ticker, decimals: UNIT_DECIMALS })),
        root: node(parts.upper(depth, 0)),
      },
      account,
      leaf: {
        index: position,
        nonce: accountNonce(secret, account).toString('hex'),
        balances: units.map(String),
        hash: own.toString('hex', 0, HASH_BYTES),
      },
      path: [...lowerPath(records, size, position).map(node), ...upperPath],
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

/** The stored siblings of the position's path from STORED_FROM_LEVEL up, and the root. */
async function upperNodes(
  db: Queryable,
  snapshotId: number,
  position: number,
  depth: number,
): Promise<(level: number, position: number) => Buffer> {
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
  const found = new Map(rows.map((row) => [`${row.level}:${row.position}`, row.record]));
  return (level, at) => {
    const record = found.get(`${level}:${at}`);
    if (record === undefined) throw new Error(`snapshot ${snapshotId} lacks node ${level}:${at}`);
    return Buffer.from(record, 'hex');
  };
}

/** A record as the proof file writes a node. */
function node(record: Buffer): ProofNode {
  return {
    hash: record.toString('hex', 0, HASH_BYTES),
    sums: decodeAmounts(record.subarray(HASH_BYTES)).map(String),
  };
}
