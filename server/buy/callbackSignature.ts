/**
 * The signature of a card provider's callback, in the shape Stripe signs its webhooks with: a
 * header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under a secret both sides
 * share. The timestamp is signed with the body, so a captured callback cannot be replayed later
 * than the tolerance; the comparison takes the same time however many characters match.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a signed callback carries. */
export const SIGNATURE_HEADER = 'card-signature';

/** Oldest (and furthest in the future) a callback's timestamp may be, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a callback's signature was refused. */
export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value signing `body` at `now` (ms). */
export function signCallback(secret: string, body: string, now: number = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Null when `header` signs `body` under `secret` within the tolerance of `now`; else why not. */
export function verifyCallback(
  secret: string,
  header: string | undefined,
  body: string,
  now: number = Date.now(),
): SignatureProblem | null {
  if (header === undefined || header === '') return 'missing';
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key === undefined || value === undefined) return 'malformed';
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) return 'malformed';
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  // Several v1 values are allowed, as while a secret is being rolled over.
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'mismatch';
}
