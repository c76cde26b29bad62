/** Reading withdrawals back: the stored row as its owner and as staff see it. */
import { sql } from 'kysely';
import type {
  StaffWithdrawal,
  Ticker,
  Withdrawal,
  WithdrawalStatus,
} from '../../../core/protocol/index.ts';
import type { Queryable } from '../../storage/db.ts';

/** A withdrawal row with its amounts as decimal strings without trailing zeros. */
export interface WithdrawalRow {
  id: number;
  user_id: number;
  asset: string;
  network: string;
  address: string;
  tag: number | null;
  amount: string;
  fee: string;
  usd_value: string;
  status: string;
  idempotency_key: string;
  tx_hash: string | null;
  confirmations: number;
  required: number;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A query of withdrawal rows (alias `w`), ready for more conditions. */
export function selectWithdrawals(db: Queryable) {
  return db
    .selectFrom('withdrawals as w')
    .select([
      'w.id',
      'w.user_id',
      'w.asset',
      'w.network',
      'w.address',
      'w.tag',
      sql<string>`trim_scale(w.amount)::text`.as('amount'),
      sql<string>`trim_scale(w.fee)::text`.as('fee'),
      sql<string>`trim_scale(round(w.usd_value, 2))::text`.as('usd_value'),
      'w.status',
      'w.idempotency_key',
      'w.tx_hash',
      'w.confirmations',
      'w.required',
      'w.reason',
      'w.created_at',
      'w.updated_at',
    ]);
}

/** The withdrawal with this id, or undefined. */
export function readWithdrawal(db: Queryable, id: number): Promise<WithdrawalRow | undefined> {
  return selectWithdrawals(db).where('w.id', '=', id).executeTakeFirst();
}

/** A row as its owner sees it. */
export function withdrawalToWire(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    asset: row.asset as Ticker,
    network: row.network,
    address: row.address,
    tag: row.tag,
    amount: row.amount,
    fee: row.fee,
    status: row.status as WithdrawalStatus,
    txHash: row.tx_hash,
    confirmations: row.confirmations,
    required: row.required,
    reason: row.reason,
    time: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A row with its owner's login and email, as staff see it. */
export function staffWithdrawalToWire(
  row: WithdrawalRow & { login: string; email: string },
): StaffWithdrawal {
  return {
    ...withdrawalToWire(row),
    userId: row.user_id,
    login: row.login,
    email: row.email,
    usdValue: row.usd_value,
  };
}
