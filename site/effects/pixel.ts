/**
 * The `pxid` social ad pixel. It fires only when the page was
 * opened with `pxid` AND the visitor accepted cookies, and only when the operator configured a
 * vendor URL (PIXEL_URL, written into the page by the server): without one nothing loads. The
 * user is identified by SHA-256 hashes of the normalised email and of the login, never the raw email.
 */
import { sha256Hex } from '../sha256.ts';
import { pixelId } from './pixelId.ts';

/** The page's placeholder when no vendor URL is configured. */
const PLACEHOLDER = '__PIXEL_URL__';

/** The configured vendor URL, or null. */
export function pixelUrl(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="pixel-url"]')?.content ?? '';
  if (content === '' || content === PLACEHOLDER) return null;
  try {
    const url = new URL(content, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The normalised email's hash, as ad platforms expect it: trimmed, lower-cased, SHA-256 hex. */
export function hashEmail(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/** The query a pixel hit carries; identifiers only when signed in, always hashed. */
export function pixelQuery(
  pxid: string,
  event: string,
  identity: { email: string; login: string } | null,
): URLSearchParams {
  const query = new URLSearchParams({ id: pxid, ev: event });
  if (identity?.email) query.set('em', hashEmail(identity.email));
  if (identity?.login) query.set('external_id', sha256Hex(identity.login.trim()));
  return query;
}

/**
 * Sends a PageView hit when allowed: pxid in the opening URL, cookies accepted, a vendor URL.
 * An image request, as ad pixels are, so no third-party script ever runs on the page.
 */
export function firePixel(
  consent: boolean,
  identity: { email: string; login: string } | null,
): URL | null {
  const base = pixelUrl();
  const pxid = pixelId();
  if (!consent || base === null || pxid === null) return null;
  const url = new URL(base);
  for (const [key, value] of pixelQuery(pxid, 'PageView', identity))
    url.searchParams.set(key, value);
  const image = new Image(1, 1);
  image.referrerPolicy = 'no-referrer';
  image.src = url.href;
  return url;
}
