/**
 * Migration 0044_p2p_chat_reads: how far each side of a P2P trade has read its chat, so the other
 * side's "Seen" survives a reload and reaches every server.
 *
 * - `p2p_chat_reads`: one row per (trade, side), holding the newest message id that side has
 *   read (`read_through`); it only moves forward. Staff reading a disputed trade keep no row.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table p2p_chat_reads (
    trade_id bigint not null references p2p_trades (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    read_through bigint not null,
    read_at timestamptz not null default now(),
    primary key (trade_id, user_id)
  )`,
];

/** The '0044_p2p_chat_reads' migration. */
export const p2pChatReadsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
