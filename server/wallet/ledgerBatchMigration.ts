/**
 * Migration 0007_ledger_statement_apply: entries are applied to balances once per INSERT statement
 * rather than once per row. The market writes a batch's hundreds of entries with one INSERT; the
 * row trigger ran two UPDATEs per entry, the statement trigger runs one UPDATE for all of them,
 * each account moved by the net of its entries. The rules stay in the database as before: an
 * entry moves one currency, accounts are locked in id order (no deadlock between two postings),
 * the balance CHECK refuses a user balance that the statement leaves negative, and the guard
 * still refuses any balance change that does not come from this trigger.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'drop trigger ledger_entries_apply on ledger_entries',
  'drop function ledger_apply_entry()',
  `create function ledger_apply_entries() returns trigger language plpgsql as $$
  declare
    debit_ticker text;
    credit_ticker text;
  begin
    select d.ticker, c.ticker into debit_ticker, credit_ticker
      from new_entries e
      join ledger_accounts d on d.id = e.debit_account_id
      join ledger_accounts c on c.id = e.credit_account_id
      where d.ticker <> c.ticker
      limit 1;
    if found then
      raise exception 'A ledger entry must move one currency, not % to %.', debit_ticker, credit_ticker
        using errcode = 'check_violation', constraint = 'ledger_entries_same_ticker';
    end if;
    perform 1 from ledger_accounts
      where id in (select debit_account_id from new_entries union select credit_account_id from new_entries)
      order by id for update;
    update ledger_accounts a set balance = a.balance + moved.net
      from (
        select account, sum(amount) as net from (
          select credit_account_id as account, amount from new_entries
          union all
          select debit_account_id, -amount from new_entries
        ) moves group by account
      ) moved
      where a.id = moved.account and moved.net <> 0;
    return null;
  end $$`,
  `create trigger ledger_entries_apply after insert on ledger_entries
    referencing new table as new_entries
    for each statement execute function ledger_apply_entries()`,
];

/** The '0007_ledger_statement_apply' migration. */
export const ledgerBatchMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
