/**
 * A link from the local outbox of a running server (/dev/outbox, served to this machine when no
 * SMTP_URL is set), as a person reading the mail would follow it: for clients that talk to a
 * server in another process, whose database they cannot read.
 */

/**
 * The token of the link to `path` in the newest outbox mail whose text contains `mentions`; null
 * when no mail of the page says so (the page lists the newest mails only).
 */
export async function outboxToken(
  serverUrl: string,
  mentions: string,
  path: string,
): Promise<string | null> {
  const page = await (await fetch(new URL('/dev/outbox', serverUrl))).text();
  const link = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([\\w-]+)`);
  for (const mail of page.split('<article').slice(1)) {
    if (!mail.includes(mentions)) continue;
    const token = link.exec(mail)?.[1];
    if (token !== undefined) return token;
  }
  return null;
}
