/**
 * Migration 0019_mail: account e-mail.
 *
 * - `mail_outbox`: the durable queue. A mail is a row written in the same transaction as the
 *   action that causes it, so it is never lost to a crash and never sent for an action that rolled
 *   back; the sender retries with backoff and keeps the row's Message-ID on every try.
 * - `mail_tokens`: single-use links (address verification, password reset), stored only as the
 *   SHA-256 of the token the mail carries.
 * - `users.email_verified_at`: when the account proved it reads its address.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table mail_outbox (
    id bigint generated always as identity primary key,
    message_id text not null constraint mail_outbox_message_id_key unique,
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null',
  `create table mail_tokens (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    purpose text not null constraint mail_tokens_purpose check (purpose in ('verify', 'reset')),
    token_hash text not null constraint mail_tokens_token_hash_key unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index mail_tokens_user on mail_tokens (user_id, purpose)',
  'alter table users add column email_verified_at timestamptz',
];

/** The '0019_mail' migration. */
export const mailMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
