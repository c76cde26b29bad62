/**
 * Migration 0026_p2p_chat: a chat per P2P trade, on the support chat's attachment storage.
 *
 * - `p2p_messages`: one row per (trade, client-generated id), so a resend after a reconnect is
 *   stored once, as support messages are. The author is a side of the trade, or staff once it
 *   has been disputed.
 * - `support_attachments` gains the purpose 'p2p' (a receipt uploaded for a trade, in no support
 *   dialog) and the trade it was sent in, which decides who may open it.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table support_attachments drop constraint support_attachments_purpose',
  `alter table support_attachments add constraint support_attachments_purpose
    check (purpose in ('support', 'kyc', 'p2p'))`,
  `alter table support_attachments add column p2p_trade_id bigint
    references p2p_trades (id) on delete cascade`,
  `create table p2p_messages (
    id bigint generated always as identity primary key,
    trade_id bigint not null references p2p_trades (id) on delete cascade,
    client_id text not null,
    author_id integer not null references users (id),
    text text not null,
    attachment_id integer references support_attachments (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint p2p_messages_trade_client_key unique (trade_id, client_id)
  )`,
  'create index p2p_messages_trade_order on p2p_messages (trade_id, id)',
];

/** The '0026_p2p_chat' migration. */
export const p2pChatMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
