/** Deposit rows as the wire shows them. */
import { sql } from 'kysely';
import type { Deposit, Ticker } from '../../../core/protocol/index.ts';
import type { Queryable } from '../../storage/db.ts';
import type { DepositsTable } from '../devnet/DevnetTables.ts';

/** A query of the deposit columns the wire shows, ready for more conditions. */
export function selectDeposits(db: Queryable) {
  return db
    .selectFrom('deposits')
    .select([
      'id',
      'network',
      'asset',
      sql<string>`trim_scale(amount)::text`.as('amount'),
      'address',
      'tag',
      'tx_hash',
      'status',
      'confirmations',
      'required',
      'created_at',
      'credited_at',
    ]);
}

/** A stored deposit as `deposits.getMine` lists it. */
export function depositToWire(
  row: Pick<
    DepositsTable,
    | 'network'
    | 'asset'
    | 'amount'
    | 'address'
    | 'tag'
    | 'tx_hash'
    | 'status'
    | 'confirmations'
    | 'required'
    | 'credited_at'
  > & { id: number; created_at: Date },
): Deposit {
  return {
    id: row.id,
    asset: row.asset as Ticker,
    network: row.network,
    amount: row.amount,
    address: row.address,
    tag: row.tag,
    txHash: row.tx_hash,
    status: row.status,
    confirmations: row.confirmations,
    required: row.required,
    time: row.created_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
  };
}
