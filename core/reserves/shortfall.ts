/** Whether an asset of a snapshot falls short: its reserves below what the accounts are owed. */
import { compareDecimals } from '../format/decimalText.ts';
import type { ReserveAssetTotal } from '../protocol/reserves.ts';

/** True when the asset's reserves are below its liabilities, compared exactly. */
export function isShortfall(asset: Pick<ReserveAssetTotal, 'reserves' | 'liabilities'>): boolean {
  return compareDecimals(asset.reserves, asset.liabilities) < 0;
}
