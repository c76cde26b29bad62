/**
 * One layout for every mail: the site's name, what happened, the one thing to do (a button and the
 * same link written out, for mail apps that show no buttons), why the mail was sent and what to do
 * if it was not you. Plain text and HTML that reads on a phone: one column, system fonts, no remote
 * images, no tracking. Every value is escaped before it goes into the HTML.
 */
import type { Mail } from './outgoing.ts';

/** What a mail says. */
export interface MailContent {
  to: string;
  siteName: string;
  subject: string;
  /** The paragraphs saying what happened. */
  lines: string[];
  /** The link to follow, if any. */
  action?: { label: string; url: string };
  /** Why this address got the mail. */
  why: string;
  /** What to do if the person did not ask for it. */
  notYou: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put into HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The mail in both forms. */
export function renderMail(content: MailContent): Mail {
  const { siteName, subject, lines, action, why, notYou } = content;
  const text = [
    siteName,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    why,
    notYou,
    '',
  ].join('\n');
  const p = (line: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      p(`Or open this link: ${action.url}`, 'font-size:13px;color:#555;word-break:break-all')
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f4f5f7"><div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1b1f24"><p style="margin:0 0 24px;font-size:20px;font-weight:700">${escapeHtml(siteName)}</p>${lines.map((line) => p(line)).join('')}${button}<hr style="border:0;border-top:1px solid #d0d7de;margin:24px 0">${p(why, 'font-size:13px;color:#555')}${p(notYou, 'font-size:13px;color:#555')}</div></body></html>`;
  return { to: content.to, subject, text, html };
}
