/**
 * The local outbox as a page: the newest mails first, each with its address, subject, state and
 * plain-text body, links made clickable, so a reset or verification can be followed on a machine
 * with no mail server. Every value is escaped.
 */
import type { Database } from '../storage/db.ts';
import { escapeHtml } from './template.ts';

/** How many mails the page shows. */
const SHOWN = 50;

/** Escaped text with its http(s) links turned into anchors. */
function linkified(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/** The page's HTML. */
export async function outboxPage(db: Database, dir: string): Promise<string> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'sent_at', 'created_at', 'last_error'])
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute();
  const mails = rows
    .map(
      (row) => `<article aria-labelledby="mail-${row.id}">
<h2 id="mail-${row.id}">${escapeHtml(row.subject)}</h2>
<p>To <strong>${escapeHtml(row.to_address)}</strong>, ${escapeHtml(row.created_at.toISOString())}: ${row.sent_at ? 'written to the outbox' : `waiting${row.last_error ? ` (${escapeHtml(row.last_error)})` : ''}`}</p>
<pre>${linkified(row.text_body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem}pre{white-space:pre-wrap;background:#f4f5f7;padding:1rem;border-radius:6px}article{border-bottom:1px solid #ccc;padding-bottom:1rem}</style></head>
<body><main><h1>Outbox</h1><p>No SMTP_URL is set, so mails are written to ${escapeHtml(dir)} instead of being sent. This page answers only this machine.</p>
${mails || '<p>No mail yet.</p>'}</main></body></html>`;
}
