/**
 * An account's history: every ledger entry that touched one of its balances, newest first, with
 * what it did to the available and the held balance. The kind of an entry follows from the
 * accounts it moved money between and the records that point at it (a deposit comes from the
 * exchange's deposits account, a fee goes to its fees account, a transfer has a transfer record,
 * a withdrawal's hold and its release or departure are named by the withdrawal, a referral
 * commission comes from the fees account), so no entry is
 * classified twice.
 */
import { sql } from 'kysely';
import type {
  HistoryEntry,
  HistoryKind,
  HistoryParams,
  Ticker,
} from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

/** Entries a page holds when the caller gives no limit. */
export const HISTORY_PAGE = 50;

/** Most entries one page may hold. */
export const MAX_HISTORY_PAGE = 500;

interface EntryRow {
  id: number;
  ticker: string;
  kind: HistoryKind;
  reason: string;
  amount: string;
  created_at: Date;
  debit_user: number | null;
  debit_held: boolean;
  credit_user: number | null;
  credit_held: boolean;
  sender_id: number | null;
  sender_login: string | null;
  recipient_login: string | null;
  note: string | null;
}

/** A page of the account's history, filtered by ticker and kind, older than `before`. */
export async function accountHistory(
  db: Queryable,
  userId: number,
  params: HistoryParams,
): Promise<HistoryEntry[]> {
  const limit = params.limit ?? HISTORY_PAGE;
  const { rows } = await sql<EntryRow>`
    select * from (
      select e.id, d.ticker, e.reason, trim_scale(e.amount)::text as amount, e.created_at,
        d.user_id as debit_user, d.held as debit_held,
        c.user_id as credit_user, c.held as credit_held,
        t.sender_id, s.login as sender_login, r.login as recipient_login, t.note,
        case
          when t.id is not null then 'transfer'
          when wh.id is not null or wf.id is not null then 'withdrawal'
          when d.system = 'cardPurchases' or c.system = 'cardPurchases' then 'cardPurchase'
          -- An offer's escrow moves within the merchant's balances, under reasons of our own.
          when d.system = 'p2pEscrow' or c.system = 'p2pEscrow' or e.reason like 'P2P offer %'
            then 'p2p'
          when d.system = 'deposits' then 'deposit'
          when d.system = 'withdrawals' or c.system = 'withdrawals' then 'withdrawal'
          when c.system = 'fees' then 'fee'
          when d.system = 'fees' then 'referral'
          else 'trade'
        end as kind
      from ledger_entries e
      join ledger_accounts d on d.id = e.debit_account_id
      join ledger_accounts c on c.id = e.credit_account_id
      left join transfers t on t.ledger_entry_id = e.id
      left join users s on s.id = t.sender_id
      left join users r on r.id = t.recipient_id
      left join withdrawals wh on wh.hold_entry_id = e.id
      left join withdrawals wf on wf.final_entry_id = e.id
      where (e.debit_account_id in (select id from ledger_accounts where user_id = ${userId})
          or e.credit_account_id in (select id from ledger_accounts where user_id = ${userId}))
        and (${params.ticker ?? null}::text is null or d.ticker = ${params.ticker ?? null})
        and (${params.before ?? null}::bigint is null or e.id < ${params.before ?? null})
    ) entries
    where (${params.kind ?? null}::text is null or kind = ${params.kind ?? null})
    order by id desc
    limit ${limit}`.execute(db);
  return rows.map((row) => toWire(row, userId));
}

/** How an entry changed one of the account's balances: "+a", "-a" or "0" as a decimal string. */
function change(row: EntryRow, userId: number, held: boolean): string {
  if (row.credit_user === userId && row.credit_held === held) return row.amount;
  if (row.debit_user === userId && row.debit_held === held) return `-${row.amount}`;
  return '0';
}

function toWire(row: EntryRow, userId: number): HistoryEntry {
  const entry: HistoryEntry = {
    id: row.id,
    ticker: row.ticker as Ticker,
    kind: row.kind,
    reason: row.reason,
    available: change(row, userId, false),
    held: change(row, userId, true),
    createdAt: row.created_at.toISOString(),
  };
  if (row.kind === 'transfer') {
    const out = row.sender_id === userId;
    entry.transfer = {
      direction: out ? 'out' : 'in',
      counterparty: (out ? row.recipient_login : row.sender_login) ?? '',
      note: row.note ?? '',
    };
  }
  return entry;
}
