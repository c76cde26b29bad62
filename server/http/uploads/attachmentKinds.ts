/**
 * The kinds of file an attachment may be: its extension (exactly those of core/rules.ts), the
 * mime type it is stored and served with, and whether it counts as an image or a video.
 */
import type { ATTACHMENT_EXTENSIONS } from '../../../core/rules.ts';
import { printable } from '../fields.ts';

/** An accepted extension. */
export type Extension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** Images and videos have separate size caps. */
export type AttachmentKind = 'image' | 'video';

/** The mime type each extension is stored and served with. */
export const ATTACHMENT_MIME: Record<Extension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mkv: 'video/x-matroska',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const VIDEO = new Set<string>(['mkv', 'mp4', 'mov', 'webm']);

/** Whether a file of this extension is capped as an image or as a video. */
export function kindOf(ext: Extension): AttachmentKind {
  return VIDEO.has(ext) ? 'video' : 'image';
}

/** The extension of an accepted file name, lower-cased. */
export function extensionOf(fileName: string): Extension {
  return fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() as Extension;
}

/**
 * The name staff and the client see for a file: the upload's own name is never trusted, so it
 * loses any folder part and unprintable characters and is cut to 255 characters, keeping the
 * extension; a name left empty becomes `attachment.EXT`.
 */
export function shownName(fileName: string, ext: Extension): string {
  const base = printable(
    fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1),
  ).trim();
  const stem = base.slice(0, base.length - ext.length - 1).slice(0, 255 - ext.length - 1);
  return `${stem.trim() === '' ? 'attachment' : stem}.${ext}`;
}
