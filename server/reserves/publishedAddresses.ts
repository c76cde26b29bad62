/** A snapshot's addresses as everyone reads them, with the signatures that show they are ours. */
import type { ReserveAddressEntry } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';

/** The addresses of the snapshot (the latest when no id is given), by network and address. */
export async function reserveAddresses(
  db: Queryable,
  snapshotId: number | undefined,
): Promise<{ snapshotId: number | null; addresses: ReserveAddressEntry[] }> {
  let query = db.selectFrom('reserve_snapshots').select('id').orderBy('id', 'desc').limit(1);
  if (snapshotId !== undefined) query = query.where('id', '=', snapshotId);
  const snapshot = await query.executeTakeFirst();
  if (snapshot === undefined) {
    if (snapshotId !== undefined) throw refusal('reserves.unknownSnapshot');
    return { snapshotId: null, addresses: [] };
  }
  const rows = await db
    .selectFrom('reserve_addresses')
    .select(['network', 'address', 'balances', 'source', 'scheme', 'message', 'signature'])
    .where('snapshot_id', '=', snapshot.id)
    .orderBy('network')
    .orderBy('address')
    .execute();
  return { snapshotId: snapshot.id, addresses: rows };
}
