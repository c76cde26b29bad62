/**
 * Migration 0011_ledger_entry_accounts: that an entry's two accounts exist is checked once per
 * INSERT statement by the apply trigger, not by two foreign-key checks per row. A foreign key
 * runs a query and locks the account for every entry, about half the cost of writing a batch's
 * entries; the trigger already joins every entry to its two accounts (to compare their
 * currencies), so it refuses a missing account in the same pass. What the foreign keys also
 * promised, that no account with entries is ever deleted, now holds for every account: a
 * ledger account is never deleted nor truncated away.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table ledger_entries drop constraint ledger_entries_debit_account_id_fkey',
  'alter table ledger_entries drop constraint ledger_entries_credit_account_id_fkey',
  `create or replace function ledger_apply_entries() returns trigger language plpgsql as $$
  declare
    debit_ticker text;
    credit_ticker text;
    missing boolean;
  begin
    select d.ticker, c.ticker, d.id is null or c.id is null
      into debit_ticker, credit_ticker, missing
      from new_entries e
      left join ledger_accounts d on d.id = e.debit_account_id
      left join ledger_accounts c on c.id = e.credit_account_id
      where d.id is null or c.id is null or d.ticker <> c.ticker
      limit 1;
    if found and missing then
      raise exception 'A ledger entry must move between two existing accounts.'
        using errcode = 'foreign_key_violation', constraint = 'ledger_entries_accounts_exist';
    end if;
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
  `create function ledger_accounts_refuse_delete() returns trigger language plpgsql as $$
  begin
    raise exception 'Ledger accounts are never deleted: % is refused.', tg_op
      using errcode = 'restrict_violation';
  end $$`,
  `create trigger ledger_accounts_no_delete before delete on ledger_accounts
    for each row execute function ledger_accounts_refuse_delete()`,
  `create trigger ledger_accounts_no_truncate before truncate on ledger_accounts
    for each statement execute function ledger_accounts_refuse_delete()`,
];

/** The '0011_ledger_entry_accounts' migration. */
export const ledgerEntryAccountsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
