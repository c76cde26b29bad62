/**
 * The live-support tables (dialogs, messages, attachments, socket tickets, presence), Web Push
 * subscriptions and the server's generated secrets, as Kysely sees them.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/** Live-support dialogs, one per client (see support/migration.ts). */
export interface SupportDialogsTable {
  id: Generated<number>;
  user_id: number;
  is_pinned: Generated<boolean>;
  /** Messages from staff the client has not read. */
  unread_client: Generated<number>;
  /** Messages from the client staff have not read. */
  unread_staff: Generated<number>;
  last_message_at: Date | null;
  created_at: Auto<Date>;
  /** Since when a staff reply waits unread, unless the client has come back since. */
  client_unread_since: Date | null;
  /** When the waiting replies were mailed; null again once the client comes back. */
  reply_mailed_at: Date | null;
}

/**
 * Stored chat attachments: the file's bytes are in support_attachment_chunks (on PostgreSQL), or
 * under the upload folder as storage_name (on PGlite, and files stored before 0039).
 */
export interface SupportAttachmentsTable {
  id: Generated<number>;
  owner_id: number;
  dialog_id: number | null;
  storage_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: Auto<Date>;
  /**
   * 'kyc' for an image uploaded for identity verification (metadata stripped, no dialog); 'p2p'
   * for one uploaded for a P2P trade's chat (no dialog either).
   */
  purpose: Generated<'support' | 'kyc' | 'p2p'>;
  /** The P2P trade whose chat it was sent in (migration 0026_p2p_chat). */
  p2p_trade_id: Generated<number | null>;
}

/** An attachment's bytes in the database, piece by piece (migration 0039_attachment_bytes). */
export interface SupportAttachmentChunksTable {
  attachment_id: number;
  /** The piece's number from 0: it holds the file's bytes from seq * CHUNK_BYTES. */
  seq: number;
  bytes: Uint8Array;
}

/** Support messages; (dialog_id, client_id) is unique, so a resend is stored once. */
export interface SupportMessagesTable {
  id: Generated<number>;
  dialog_id: number;
  client_id: string;
  text: string;
  /** True when the client (not staff) sent it. */
  is_out: boolean;
  author_id: number | null;
  attachment_id: number | null;
  video: string | null;
  faq: ColumnType<
    { question: string; answer: string; video: string | null }[],
    string | undefined,
    string
  >;
  links: ColumnType<{ name: string; path: string }[], string | undefined, string>;
  created_at: Auto<Date>;
}

/** Single-use support socket tickets (SHA-256 of the ticket), each bound to its session. */
export interface SupportTicketsTable {
  ticket_hash: string;
  session_id: number;
  expires_at: Date;
}

/** Web Push subscriptions (push.subscribe). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Auto<Date>;
}

/** Secrets the server generates on first start and keeps (VAPID keys, URL signing key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Auto<Date>;
}

/** Which server holds how many support sockets of a client, renewed by its heartbeat. */
export interface SupportPresenceTable {
  server_id: string;
  user_id: number;
  sockets: number;
  seen_at: Date;
}

/** The support tables, joined into the database's schema. */
export interface SupportTables {
  support_dialogs: SupportDialogsTable;
  support_attachments: SupportAttachmentsTable;
  support_attachment_chunks: SupportAttachmentChunksTable;
  support_messages: SupportMessagesTable;
  support_tickets: SupportTicketsTable;
  push_subscriptions: PushSubscriptionsTable;
  server_secrets: ServerSecretsTable;
  support_presence: SupportPresenceTable;
}
