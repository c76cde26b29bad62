/**
 * Signed attachment URLs. `<img src>` and `<video src>` cannot send the session token, so the
 * server hands each participant a URL carrying an HMAC over (attachment id, viewer id, expiry)
 * with a key only the server knows. The URL works for that viewer until it expires; serving
 * still checks that the viewer is one of the dialog's two sides at that moment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTACHMENTS_PATH } from '../http/uploads/serveAttachment.ts';

/** Expiries are rounded up to this step so repeated history loads give the same, cacheable URL. */
export const URL_STEP_SECONDS = 6 * 60 * 60;

/** A signed URL lives between one and two steps. */
export function urlExpiry(nowMs: number = Date.now()): number {
  const now = Math.floor(nowMs / 1000);
  return (Math.floor(now / URL_STEP_SECONDS) + 2) * URL_STEP_SECONDS;
}

function signature(key: Buffer, id: number, viewer: number, expiry: number): string {
  return createHmac('sha256', key).update(`${id}.${viewer}.${expiry}`).digest('base64url');
}

/** The URL path at which `viewer` may fetch attachment `id`. */
export function signedAttachmentPath(
  key: Buffer,
  id: number,
  viewer: number,
  nowMs: number = Date.now(),
): string {
  const expiry = urlExpiry(nowMs);
  return `${ATTACHMENTS_PATH}/${id}?v=${viewer}&e=${expiry}&s=${signature(key, id, viewer, expiry)}`;
}

/** The viewer a signed URL was issued to, or null when it is forged, altered or expired. */
export function verifyAttachmentUrl(
  key: Buffer,
  id: number,
  query: { v?: unknown; e?: unknown; s?: unknown },
  nowMs: number = Date.now(),
): number | null {
  const viewer = Number(query.v);
  const expiry = Number(query.e);
  if (!Number.isSafeInteger(viewer) || !Number.isSafeInteger(expiry) || typeof query.s !== 'string')
    return null;
  if (expiry * 1000 < nowMs) return null;
  const expected = Buffer.from(signature(key, id, viewer, expiry));
  const given = Buffer.from(query.s);
  return given.length === expected.length && timingSafeEqual(given, expected) ? viewer : null;
}
