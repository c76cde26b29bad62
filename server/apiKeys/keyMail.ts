/**
 * The mail to an account when an API key is made for it: what the key may do, from where, until
 * when, and how to revoke it. A security notice: it cannot be turned off.
 */
import type { ApiKeyInfo } from '../../core/protocol/index.ts';
import { linkTo, type MailSite } from '../mail/site.ts';
import { queueSiteMail } from '../mail/siteMail.ts';
import type { Queryable } from '../storage/db.ts';
import { plainIp } from './ipAllowlist.ts';

/** "2025-01-31 14:05 UTC". */
function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Queues the notice of a new key, in the transaction that made it. */
export async function queueKeyCreatedMail(
  db: Queryable,
  config: MailSite,
  account: { email: string },
  key: ApiKeyInfo,
  ip: string,
): Promise<void> {
  await queueSiteMail(db, config, (name) => ({
    to: account.email,
    subject: `A new API key was created for your ${name} account`,
    lines: [
      `An API key "${key.label}" (${key.id}) was created on ${utc(key.createdAt)} from IP address ${plainIp(ip)}.`,
      `It may: ${key.scopes.join(', ')}. It signs with ${key.kind === 'hmac' ? 'HMAC-SHA256' : 'Ed25519'}.`,
      key.ipAllowlist.length === 0
        ? 'It is accepted from any IP address.'
        : `It is accepted only from: ${key.ipAllowlist.join(', ')}.`,
      key.expiresAt === null ? 'It does not expire.' : `It expires on ${utc(key.expiresAt)}.`,
    ],
    action: { label: 'Review your API keys', url: linkTo(config, '/account/profile#api-keys') },
    why: `You get this mail because an API key was created for ${account.email} on ${name}. These notices cannot be turned off.`,
    notYou:
      'If it was not you, revoke the key at once, change your password (that signs every other device out) and turn on two-factor authentication in your settings.',
  }));
}
