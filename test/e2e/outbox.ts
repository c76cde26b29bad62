/**
 * Reading the local outbox (/dev/outbox) as a person reads their mail: the newest mail to an
 * address with a subject, and the link in it, to follow on the project's own origin.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Opens the outbox in `page`, checks the newest mail to `email` has `subject`, and answers the
 * path of its link to `path` (with its query), to open on the project's origin.
 */
export async function mailedLink(
  page: Page,
  email: string,
  subject: string | RegExp,
  path: string,
): Promise<string> {
  await page.goto('/dev/outbox');
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(mail.getByRole('heading')).toHaveText(subject);
  const href = await mail
    .getByRole('link', { name: new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?`) })
    .getAttribute('href');
  const link = new URL(href ?? 'http://missing.invalid/');
  return `${link.pathname}${link.search}`;
}
