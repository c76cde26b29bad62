/**
 * Content sniffing: a stored file is kept only when its bytes are what its extension says, by
 * its magic bytes (file-type, loaded with the first upload, not with the server) for binary
 * formats, or as an `<svg>` document for SVG text.
 */
import { readFile } from 'node:fs/promises';
import type { Extension } from './attachmentKinds.ts';

/** What file-type may detect for each binary extension (container families overlap). */
const DETECTED: Record<Exclude<Extension, 'svg'>, readonly string[]> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  webp: ['webp'],
  gif: ['gif'],
  mkv: ['mkv', 'webm'],
  webm: ['webm', 'mkv'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'm4v'],
};

/** Whether a stored file's bytes are what its extension says. */
export async function contentMatches(path: string, ext: Extension): Promise<boolean> {
  if (ext === 'svg') return isSvgDocument(await readFile(path));
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(path);
  return type !== undefined && DETECTED[ext].includes(type.ext);
}

/**
 * Whether bytes are UTF-8 text whose root element is `<svg>` (after an optional XML
 * declaration, comments and a DOCTYPE without an internal subset). Script inside is allowed to
 * be stored: serving neutralises it with the sandbox CSP.
 */
export function isSvgDocument(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  rest = rest.replace(/^<\?xml[^>]*\?>/, '').trimStart();
  for (;;) {
    const before = rest;
    rest = rest.replace(/^<!--[\s\S]*?-->/, '').trimStart();
    rest = rest.replace(/^<!DOCTYPE\s+svg[^[>]*>/i, '').trimStart();
    if (rest === before) break;
  }
  return /^<svg[\s>/]/.test(rest) && /<\/svg\s*>\s*$|\/>\s*$/.test(rest.trimEnd());
}
