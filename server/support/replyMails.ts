/**
 * Support replies by mail: a staff reply the client has not read within five minutes, while no
 * support socket of theirs is open on any server, is mailed to their verified address, once per
 * dialog until they come back (read the chat or open the site). The profile's switch turns it
 * off. Visitors have no account address and get no mail.
 */

import { linkTo, type MailSite } from '../mail/site.ts';
import { queueSiteMail } from '../mail/siteMail.ts';
import type { Database } from '../storage/db.ts';

/** How long a reply waits unread before it is mailed. */
export const REPLY_MAIL_DELAY_MS = 5 * 60_000;

/** How often the dialogs are looked at. */
export const REPLY_MAIL_SWEEP_MS = 60_000;

/** Most dialogs one sweep mails about; the rest wait for the next. */
const BATCH = 100;

/** Longest part of the reply the mail quotes, in characters. */
const QUOTED = 300;

/**
 * Queues a mail for each dialog whose replies have waited long enough for an absent client;
 * answers how many were queued. `isOnline` says whether a client has a socket open anywhere.
 */
export async function mailUnreadReplies(
  db: Database,
  config: MailSite,
  isOnline: (userId: number) => boolean | Promise<boolean>,
  now = new Date(),
): Promise<number> {
  const waiting = await db
    .selectFrom('support_dialogs as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'd.unread_client', 'u.email'])
    .where('d.client_unread_since', '<=', new Date(now.getTime() - REPLY_MAIL_DELAY_MS))
    .where('d.reply_mailed_at', 'is', null)
    .where('d.unread_client', '>', 0)
    .where('u.mail_support_replies', '=', true)
    .where('u.is_visitor', '=', false)
    .where('u.is_blocked', '=', false)
    .where('u.email_verified_at', 'is not', null)
    .orderBy('d.client_unread_since')
    .limit(BATCH)
    .execute();
  let queued = 0;
  for (const dialog of waiting) {
    if (await isOnline(dialog.user_id)) continue;
    if (await mailDialog(db, config, dialog, now)) queued += 1;
  }
  return queued;
}

/** Marks the dialog mailed and queues its mail, together; false if it changed meanwhile. */
async function mailDialog(
  db: Database,
  config: MailSite,
  dialog: { id: number; unread_client: number; email: string },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('support_dialogs')
      .set({ reply_mailed_at: now })
      .where('id', '=', dialog.id)
      .where('reply_mailed_at', 'is', null)
      .where('client_unread_since', 'is not', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows !== 1n) return false;
    const newest = await trx
      .selectFrom('support_messages')
      .select(['text', 'attachment_id'])
      .where('dialog_id', '=', dialog.id)
      .where('is_out', '=', false)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const count = dialog.unread_client;
    await queueSiteMail(trx, config, (name) => ({
      to: dialog.email,
      subject: `Support replied to you on ${name}`,
      lines: [
        count === 1
          ? 'Our support team replied to you and the reply is waiting in the chat:'
          : `Our support team replied to you; ${count} messages are waiting in the chat. The newest:`,
        quote(newest),
        'Open the site and the support chat to read everything and answer.',
      ],
      action: { label: 'Open the chat', url: linkTo(config, '/account') },
      why: `You get this mail because support answered ${dialog.email} on ${name} while you were away. We send one until you are back; turn these mails off in your profile.`,
      notYou:
        'If you have not written to support, someone may be using your account: change your password and sign out your other sessions from your profile.',
    }));
    return true;
  });
}

/** The newest reply as the mail quotes it. */
function quote(message: { text: string; attachment_id: number | null } | undefined): string {
  const text = message?.text.trim() ?? '';
  if (text === '') return message?.attachment_id ? '(an attachment)' : '(a message)';
  return `“${text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text}”`;
}
