/**
 * Migration 0017_referral: the referral programme's rules, in the database.
 *
 * Every account already has its unique `referral_code` (set when the row is inserted) and
 * `referred_by`, set at sign-up. This migration makes the binding's rules hold whatever code runs:
 * no account refers itself, and a referrer once recorded is never replaced (it may only be cleared
 * by `on delete set null`, should the referrer's row ever be deleted). A referral's commissions
 * are ledger entries from the fees account to the referrer, so they need no table of their own.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `alter table users add constraint users_not_self_referred
    check (referred_by is null or referred_by <> id)`,
  'create index users_referred_by on users (referred_by) where referred_by is not null',
  `create function users_referral_binds_once() returns trigger language plpgsql as $$
  begin
    if new.referred_by is not null and new.referred_by is distinct from old.referred_by then
      raise exception 'An account''s referrer is set at sign-up and never changed.'
        using errcode = 'check_violation', constraint = 'users_referral_binds_once';
    end if;
    return new;
  end $$`,
  `create trigger users_referral_binds_once before update of referred_by on users
    for each row execute function users_referral_binds_once()`,
];

/** The '0017_referral' migration. */
export const referralMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
