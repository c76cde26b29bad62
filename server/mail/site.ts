/**
 * What mails call the site and where their links point: PUBLIC_URL, never the Host header of the
 * request that caused the mail (a forged Host would otherwise put an attacker's site into a
 * password reset link). Without PUBLIC_URL, links go to this machine's port on localhost.
 */
import { siteName } from '../../core/format/index.ts';
import type { Config } from '../config.ts';

/** The settings mails read: where links point and what the site is called. */
export type MailSite = Pick<Config, 'mail' | 'site' | 'port'>;

/** The site's origin for links in mails. */
export function publicOrigin(config: MailSite): string {
  return config.mail.publicUrl ?? `http://localhost:${config.port}`;
}

/** A page of the site, as a link in a mail. */
export function linkTo(config: MailSite, path: string): string {
  return `${publicOrigin(config)}${path}`;
}

/** The site's name in mails: SITE_NAME, else the public host's (core/format/siteName.ts). */
export function mailSiteName(config: MailSite): string {
  return config.site.name ?? siteName(new URL(publicOrigin(config)).hostname);
}
