/**
 * Queuing one of the site's mails: the layout of template.ts under the site's name, its links on
 * the public origin, written with the action that causes it (pass the action's transaction).
 */
import type { Queryable } from '../storage/db.ts';
import { queueMail } from './outgoing.ts';
import { type MailSite, mailSiteName } from './site.ts';
import { type MailContent, renderMail } from './template.ts';

/** What a mail says, given the site's name. */
export type SiteMailContent = (siteName: string) => Omit<MailContent, 'siteName'>;

/** Renders the mail under the site's name and queues it. */
export async function queueSiteMail(
  db: Queryable,
  config: MailSite,
  content: SiteMailContent,
): Promise<void> {
  const siteName = mailSiteName(config);
  await queueMail(db, renderMail({ ...content(siteName), siteName }), config.mail.publicUrl);
}
