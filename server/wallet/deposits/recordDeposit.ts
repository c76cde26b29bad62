/**
 * One transfer to a deposit address, recorded and credited: the deposit row is made or brought up
 * to date, and once it has its confirmations its amount is posted to the owner's balance in the
 * same transaction as its status turns to credited. Only a pending row can be credited, and a
 * credited row names its one ledger entry (the database checks both), so replaying a transfer,
 * or two watchers seeing it at once, never credits it twice.
 */
import type { Queryable } from '../../storage/db.ts';
import type { AssetNetwork } from '../chains/assetNetworks.ts';
import type { IncomingTransfer } from '../chains/ChainAdapter.ts';
import { toMinorUnits } from '../chains/minorUnits.ts';
import { NETWORKS } from '../chains/networks.ts';
import { post } from '../ledger.ts';

/** Whether the transfer was credited by this call. */
export type Recorded = 'credited' | 'unchanged';

/** Records `transfer` as `userId`'s deposit and credits it when it is due; see the file comment. */
export async function recordDeposit(
  db: Queryable,
  userId: number,
  on: AssetNetwork,
  transfer: IncomingTransfer,
): Promise<Recorded> {
  const below = toMinorUnits(on, transfer.amount) < toMinorUnits(on, on.minDeposit);
  const status = below ? 'belowMinimum' : 'pending';
  return db.transaction().execute(async (trx) => {
    // The row lock taken here holds until the credit below is committed or rolled back.
    const row = await trx
      .insertInto('deposits')
      .values({
        user_id: userId,
        network: on.network,
        asset: on.asset,
        transfer_id: transfer.id,
        tx_hash: transfer.txHash,
        address: transfer.address,
        tag: transfer.tag,
        amount: transfer.amount,
        block_height: transfer.blockHeight,
        confirmations: transfer.confirmations,
        required: NETWORKS[on.network].confirmations,
        status,
        ledger_entry_id: null,
        credited_at: null,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['network', 'transfer_id'])
          .doUpdateSet((eb) => ({
            confirmations: eb.ref('excluded.confirmations'),
            block_height: eb.ref('excluded.block_height'),
            // A dropped transfer mined again (after a re-organisation) counts afresh.
            status: eb
              .case()
              .when('deposits.status', '=', 'dropped')
              .then(eb.ref('excluded.status'))
              .else(eb.ref('deposits.status'))
              .end(),
          }))
          .where('deposits.status', '!=', 'credited'),
      )
      .returning(['id', 'status', 'confirmations', 'required'])
      .executeTakeFirst();
    if (row === undefined || row.status !== 'pending' || row.confirmations < row.required) {
      return 'unchanged';
    }
    const entryId = await post(trx, {
      from: { system: 'deposits' },
      to: { user: userId },
      ticker: on.asset,
      amount: transfer.amount,
      reason: `Deposit ${transfer.txHash}`,
    });
    const credited = await trx
      .updateTable('deposits')
      .set({ status: 'credited', ledger_entry_id: entryId, credited_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Unreachable while the row lock holds; if it ever were, the credit rolls back with it.
    if (credited.numUpdatedRows !== 1n) throw new Error(`deposit ${row.id} was credited already`);
    return 'credited';
  });
}
