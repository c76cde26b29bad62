/**
 * A key's IP allowlist: IPv4 and IPv6 addresses and CIDR ranges, matched with Node's BlockList.
 * An IPv4 address seen as IPv4-mapped IPv6 (`::ffff:203.0.113.7`) is matched as the IPv4 one.
 */
import { BlockList, isIP } from 'node:net';
import { refusal } from '../errors/DomainError.ts';

/**
 * One entry in its canonical text (`203.0.113.0/24`, `2001:db8::/32`, `198.51.100.7`), or
 * null when it is neither an address nor a CIDR range.
 */
export function canonicalEntry(entry: string): string | null {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const lower = address.toLowerCase();
  if (prefix === undefined) return lower;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return null;
  return `${lower}/${bits}`;
}

/** The entries in canonical text, duplicates dropped; refuses the first that is not one. */
export function readAllowlist(entries: readonly string[]): string[] {
  const canonical = entries.map((entry) => {
    const read = canonicalEntry(entry);
    if (read === null) throw refusal('apiKeys.ipInvalid', { entry: entry.slice(0, 64) });
    return read;
  });
  return [...new Set(canonical)];
}

/** The address as matched: an IPv4-mapped IPv6 address as its IPv4 address. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether `ip` is allowed by `allowlist` (an empty list allows every address). */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const address = plainIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [base = '', prefix] = entry.split('/');
    const type = isIP(base) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
