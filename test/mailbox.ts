/**
 * A real SMTP server for tests (`smtp-server`, no TLS, no sign-in), keeping every mail it
 * receives parsed by `mailparser`, so a test reads what a person's mail app would show.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../server/config.ts';
import { testConfig } from './serverTesting.ts';

/** The server and the mails it has received, in order. */
export interface Mailbox {
  url: string;
  mails: ParsedMail[];
  /** The mails to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** Starts the server on a free loopback port. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) =>
      mails.filter((mail) => {
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        return to.some((each) => each.value.some((box) => box.address === address));
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that goes to `path` on the site. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const found = (mail.text ?? '').match(new RegExp(`https?://\\S+${path}\\S*`));
  if (!found) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(found[0]);
}

/** A quiet test configuration whose mail goes to `mailbox`, with links on a public origin. */
export function mailingConfig(mailbox: Mailbox): Config {
  return testConfig({
    API_RATE_LIMIT: '0',
    SMTP_URL: mailbox.url,
    PUBLIC_URL: 'https://exchange.example',
    SITE_NAME: 'Exchange',
  });
}
