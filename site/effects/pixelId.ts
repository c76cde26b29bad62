/**
 * The `pxid` the page was opened with, kept apart from the pixel itself so
 * pages opened without one never download the pixel's code.
 */
import { writeStored } from '../../core/index.ts';

/** The local-storage key of the campaign's pixel id. */
export const PXID_KEY = 'pxid';

let pageId: string | null = null;

/** Remembers `pxid` when the page was opened with one (kept in local storage). */
export function capturePixelId(search: string): void {
  const pxid = new URLSearchParams(search).get('pxid')?.trim();
  if (!pxid || pxid === 'undefined') return;
  pageId = pxid.slice(0, 128);
  writeStored(PXID_KEY, pageId);
}

/** The pxid of the opening URL, or null. */
export function pixelId(): string | null {
  return pageId;
}
