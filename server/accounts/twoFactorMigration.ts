/**
 * Migration 0010_two_factor: authenticator-app sign-in (TOTP) and the times a withdrawal pause is
 * measured from.
 *
 * - `two_factor_secrets` holds one shared secret per account, encrypted (secretBox.ts). A row with
 *   no `enabled_at` is a set-up waiting for its first code; `last_step` is the newest TOTP time
 *   step accepted, so a code is never accepted twice.
 * - `two_factor_recovery_codes` holds the one-time recovery codes as keyed hashes only.
 * - `users.two_factor_off_at` and `users.password_changed_at`: withdrawals pause for a while after
 *   either, so a stolen session cannot turn two-factor off or change the password and then empty
 *   the account at once.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table two_factor_secrets (
    user_id integer primary key references users (id) on delete cascade,
    secret text not null,
    created_at timestamptz not null default now(),
    enabled_at timestamptz,
    last_step bigint not null default 0
  )`,
  `create table two_factor_recovery_codes (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    constraint two_factor_recovery_codes_key unique (user_id, code_hash)
  )`,
  'alter table users add column two_factor_off_at timestamptz',
  'alter table users add column password_changed_at timestamptz',
];

/** The '0010_two_factor' migration. */
export const twoFactorMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
