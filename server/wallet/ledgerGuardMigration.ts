/**
 * Migration 0047_ledger_guard_when: the guard on ledger accounts is called only for a change it
 * refuses. It ran as a row trigger on every update, so applying a batch's entries called it once
 * for each account the batch moved (a few hundred a batch) only to let each change pass. A WHEN
 * condition on the trigger now selects the changes it refuses (an account's owner or currency
 * changed, a balance changed outside a trigger, a new account that does not start at zero), and
 * PostgreSQL skips the call for the rest. The rules and their refusals are those of the guard,
 * which still decides: inside it the depth counts the guard itself, so where it asks for a depth
 * under 2, its condition asks for one under 1.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'drop trigger ledger_accounts_guard on ledger_accounts',
  `create trigger ledger_accounts_guard_insert before insert on ledger_accounts
    for each row when (new.balance <> 0) execute function ledger_accounts_guard()`,
  `create trigger ledger_accounts_guard before update on ledger_accounts
    for each row when (
      new.user_id is distinct from old.user_id or new.system is distinct from old.system
      or new.ticker <> old.ticker or (new.balance <> old.balance and pg_trigger_depth() < 1)
    ) execute function ledger_accounts_guard()`,
];

/** The '0047_ledger_guard_when' migration. */
export const ledgerGuardMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
