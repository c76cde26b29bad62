/**
 * Where mails go: an SMTP server (SMTP_URL), or with none set, the local outbox: one .eml file per
 * mail in the data folder, which /dev/outbox lists, so a plain `npm start` can still reset a
 * password. Both through nodemailer, so the local files are the very messages SMTP would carry;
 * nodemailer is loaded with the first mail, not with the server.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { OutgoingMail } from './outgoing.ts';

/** Delivers one mail; rejects when the server refused it or could not be reached. */
export type Deliver = (mail: OutgoingMail) => Promise<void>;

/** The local outbox folder, created if missing; a throw-away one for a throw-away database. */
export async function outboxDir(config: Config): Promise<string> {
  if (config.dataDir === ':memory:') return mkdtemp(join(tmpdir(), 'exchange-outbox-'));
  const dir = resolve(config.dataDir, 'outbox');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The transport the settings ask for; `dir` is the local outbox when SMTP_URL is not set. */
export function openTransport(config: Config, dir: string): Deliver {
  const message = (mail: OutgoingMail) => ({
    from: config.mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
  });
  const { smtpUrl } = config.mail;
  if (smtpUrl !== null) {
    const smtp = once(async () => (await import('nodemailer')).createTransport(smtpUrl));
    return async (mail) => {
      await (await smtp()).sendMail(message(mail));
    };
  }
  const files = once(async () =>
    (await import('nodemailer')).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    }),
  );
  return async (mail) => {
    const sent = await (await files()).sendMail(message(mail));
    const name = `${Date.now()}-${mail.messageId.replace(/[^\w.-]/g, '')}.eml`;
    await writeFile(join(dir, name), sent.message as Buffer, { mode: 0o600 });
  };
}

/** `make`, called on the first call only; every call gets what that one made. */
function once<T extends Transporter>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
