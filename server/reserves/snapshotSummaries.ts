/** Snapshots as the public page and staff read them: totals per asset with their ratios. */
import { sql } from 'kysely';
import { parseDecimal, rescale, type ScaledDecimal } from '../../core/markets/decimal.ts';
import type {
  ReserveAssetTotal,
  ReserveSnapshot,
  StaffReserveSnapshot,
  Ticker,
} from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

/** Which snapshots to read: newest first, up to `limit`, before an id when paging. */
export interface SnapshotPage {
  limit: number;
  before?: number;
  /** Only this one. */
  id?: number;
}

/** Snapshots with everything staff see (the public shape is a part of it). */
export async function staffSnapshots(
  db: Queryable,
  page: SnapshotPage,
): Promise<StaffReserveSnapshot[]> {
  let query = db
    .selectFrom('reserve_snapshots')
    .select(['id', 'taken_at', 'root_hash', 'leaf_count', 'accounts', 'taken_by'])
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  if (page.id !== undefined) query = query.where('id', '=', page.id);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const totals = await db
    .selectFrom('reserve_totals')
    .select([
      'snapshot_id',
      'ticker',
      sql<string>`trim_scale(liabilities)::text`.as('liabilities'),
      sql<string>`trim_scale(reserves)::text`.as('reserves'),
    ])
    .where(
      'snapshot_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('snapshot_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => {
    const assets = totals
      .filter((total) => total.snapshot_id === row.id)
      .map((total) => assetTotal(total.ticker as Ticker, total.liabilities, total.reserves));
    return {
      id: row.id,
      takenAt: row.taken_at.toISOString(),
      rootHash: row.root_hash,
      leafCount: row.leaf_count,
      assets,
      accounts: row.accounts,
      takenBy: row.taken_by,
      shortfalls: assets.filter(isShort).map((asset) => asset.ticker),
    };
  });
}

/** The public part of a staff snapshot: no account count, no staff id. */
export function publicSnapshot(snapshot: StaffReserveSnapshot): ReserveSnapshot {
  const { id, takenAt, rootHash, leafCount, assets } = snapshot;
  return { id, takenAt, rootHash, leafCount, assets };
}

/** Whether an asset's reserves are below its liabilities. */
export function isShort(asset: ReserveAssetTotal): boolean {
  return compare(asset.reserves, asset.liabilities) < 0;
}

/** An asset's totals with the ratio, reserves ÷ liabilities rounded down to 4 decimals. */
export function assetTotal(
  ticker: Ticker,
  liabilities: string,
  reserves: string,
): ReserveAssetTotal {
  const owed = scaled(liabilities);
  const held = scaled(reserves);
  if (owed === 0n) return { ticker, liabilities, reserves, ratio: null };
  const ratio = (held * 10_000n) / owed;
  const text = ratio.toString().padStart(5, '0');
  return { ticker, liabilities, reserves, ratio: `${text.slice(0, -4)}.${text.slice(-4)}` };
}

function compare(a: string, b: string): number {
  const x = scaled(a);
  const y = scaled(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A decimal string in units of 10^-18 (totals are written at the ledger's scale). */
function scaled(text: string): bigint {
  const parsed = parseDecimal(text);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${text}`);
  return rescale(parsed as ScaledDecimal, 18);
}
