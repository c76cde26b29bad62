/**
 * Storage of live support: dialogs, messages, attachments, socket tickets, push
 * subscriptions and the server's generated secrets (VAPID key pair, attachment URL signing key).
 * One statement per string because PGlite runs one command per query.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  // One dialog per client: an account holder, or a visitor, which 0004_visitors made a users
  // row too (is_visitor), so user_id serves both.
  `create table support_dialogs (
    id integer generated always as identity primary key,
    user_id integer not null constraint support_dialogs_user_key unique
      references users (id) on delete cascade,
    is_pinned boolean not null default false,
    unread_client integer not null default 0 constraint support_dialogs_unread_client check (unread_client >= 0),
    unread_staff integer not null default 0 constraint support_dialogs_unread_staff check (unread_staff >= 0),
    last_message_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  'create index support_dialogs_inbox on support_dialogs (is_pinned desc, last_message_at desc nulls last, id)',

  // dialog_id is null until the attachment is sent in a message (staff upload before choosing
  // where to send); storage_name is random and lives outside any served folder.
  `create table support_attachments (
    id integer generated always as identity primary key,
    owner_id integer not null references users (id) on delete cascade,
    dialog_id integer references support_dialogs (id) on delete cascade,
    storage_name text not null constraint support_attachments_storage_key unique,
    original_name text not null,
    mime text not null,
    size integer not null constraint support_attachments_size check (size > 0),
    created_at timestamptz not null default now()
  )`,

  // client_id is the client-generated message id: a resend after a reconnect hits the unique
  // constraint and returns the stored row instead of a duplicate.
  `create table support_messages (
    id bigint generated always as identity primary key,
    dialog_id integer not null references support_dialogs (id) on delete cascade,
    client_id text not null,
    text text not null,
    is_out boolean not null,
    author_id integer references users (id) on delete set null,
    attachment_id integer references support_attachments (id) on delete set null,
    video text,
    faq jsonb not null default '[]',
    links jsonb not null default '[]',
    created_at timestamptz not null default now(),
    constraint support_messages_dialog_client_key unique (dialog_id, client_id)
  )`,
  'create index support_messages_dialog_order on support_messages (dialog_id, id)',

  // Single-use socket tickets; only the SHA-256 is stored, like session tokens.
  `create table support_tickets (
    ticket_hash text primary key,
    user_id integer not null references users (id) on delete cascade,
    expires_at timestamptz not null
  )`,

  `create table push_subscriptions (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    endpoint text not null constraint push_subscriptions_endpoint_key unique,
    p256dh text not null,
    auth text not null,
    created_at timestamptz not null default now()
  )`,
  'create index push_subscriptions_user on push_subscriptions (user_id)',

  `create table server_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`,
];

/** The '0003_support' migration. */
export const supportMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
