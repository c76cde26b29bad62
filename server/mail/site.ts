/**
 * What mails call the site and where their links point: PUBLIC_URL, never the Host header of the
 * request that caused the mail (a forged Host would otherwise put an attacker's site into a
 * password reset link). Without PUBLIC_URL, links go to this machine's port on localhost.
 */
import { isIP } from 'node:net';
import { siteName } from '../../core/format.ts';
import type { Config } from '../config.ts';

/** The name a mail signs with when the host has none worth showing (localhost, an IP). */
export const DEFAULT_SITE_NAME = 'Exchange';

/** The site's origin for links in mails. */
export function publicOrigin(config: Config): string {
  return config.mail.publicUrl ?? `http://localhost:${config.port}`;
}

/** A page of the site, as a link in a mail. */
export function linkTo(config: Config, path: string): string {
  return `${publicOrigin(config)}${path}`;
}

/** The site's name in mails: the public host's first label, or DEFAULT_SITE_NAME. */
export function mailSiteName(config: Config): string {
  const host = new URL(publicOrigin(config)).hostname;
  if (host === 'localhost' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return DEFAULT_SITE_NAME;
  return siteName(host);
}
