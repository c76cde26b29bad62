/**
 * Migration 0018_help_verification_referral: the help center of a database seeded before
 * identity verification and referral commissions catches up with them. The referral answer it
 * was seeded with said only that accounts are "credited to you"; the account section gains what
 * verification collects and why, just before "How do I contact support?". Written as an update
 * and a guarded insert, so an older database and a new one end with the same texts, and staff
 * edits to other entries stay.
 */
import { type Migration, sql } from 'kysely';
import { REFERRAL_ENTRY, VERIFICATION_ENTRY } from './seedFaq.ts';

/** The '0018_help_verification_referral' migration. */
export const helpVerificationReferralMigration: Migration = {
  async up(db) {
    await sql`update faq_items set answer = ${REFERRAL_ENTRY.answer}
      where slug = 'account' and question = ${REFERRAL_ENTRY.question}`.execute(db);
    const { rows } = await sql<{ found: number }>`select count(*)::int as found from faq_items
      where question = ${VERIFICATION_ENTRY.question}`.execute(db);
    if ((rows[0]?.found ?? 0) > 0) return;
    const { rows: after } = await sql<{ position: number }>`select position from faq_items
      where slug = 'account' and question = ${REFERRAL_ENTRY.question}`.execute(db);
    const position = after[0]?.position;
    if (position === undefined) return;
    await sql`update faq_items set position = position + 1
      where slug = 'account' and position > ${position}`.execute(db);
    await sql`insert into faq_items (slug, section_title, position, question, answer, video)
      values ('account', 'Account and trading', ${position + 1}, ${VERIFICATION_ENTRY.question},
        ${VERIFICATION_ENTRY.answer}, null)`.execute(db);
  },
};
