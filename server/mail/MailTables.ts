/** The account e-mail tables (migration 0019_mail), as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<string>;
  message_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  sent_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface MailTokensTable {
  id: Generated<string>;
  user_id: number;
  purpose: 'verify' | 'reset' | 'withdrawal';
  /** The withdrawal a `withdrawal` link confirms (migration 0020_withdrawal_mail). */
  withdrawal_id: ColumnType<number | null, number | undefined, never>;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_tokens: MailTokensTable;
}
