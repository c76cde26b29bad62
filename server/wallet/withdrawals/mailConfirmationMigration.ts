/**
 * Migration 0020_withdrawal_mail: a withdrawal waits for the link mailed to its owner.
 *
 * - `withdrawals.status` gains `awaitingConfirmation`: held, but not sent (nor shown to staff for
 *   review) until the owner follows the mailed link; cancelled if they do not within 30 minutes.
 * - `mail_tokens` gains the purpose `withdrawal` and the withdrawal its link confirms, so each
 *   request has a link of its own and a second request leaves the first one's link working.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table withdrawals drop constraint withdrawals_status',
  `alter table withdrawals add constraint withdrawals_status check (status in ('awaitingConfirmation',
    'requested', 'awaitingReview', 'sent', 'confirmed', 'cancelled', 'rejected', 'failed'))`,
  'drop index withdrawals_open',
  `create index withdrawals_open on withdrawals (status, id)
    where status in ('awaitingConfirmation', 'requested', 'awaitingReview', 'sent')`,
  'alter table mail_tokens drop constraint mail_tokens_purpose',
  `alter table mail_tokens add constraint mail_tokens_purpose
    check (purpose in ('verify', 'reset', 'withdrawal'))`,
  'alter table mail_tokens add column withdrawal_id bigint references withdrawals (id)',
  `alter table mail_tokens add constraint mail_tokens_withdrawal
    check ((purpose = 'withdrawal') = (withdrawal_id is not null))`,
];

/** The '0020_withdrawal_mail' migration. */
export const withdrawalMailMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
