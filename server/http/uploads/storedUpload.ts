/**
 * An uploaded file on disk: streamed to a fresh random name in the attachments folder (so no
 * name a client sends ever reaches the file system), and deleted again when it is refused.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Extension } from './attachmentKinds.ts';

/** A file written to the attachments folder, not yet recorded. */
export interface StoredUpload {
  /** The random file name in the attachments folder. */
  name: string;
  /** The name the client sent, untrusted. */
  originalName: string;
  ext: Extension;
  /** Bytes received, which may exceed what was written when over the cap. */
  size: number;
}

/** Streams a part to a fresh random name, stopping writes (but not reads) past the cap. */
export async function storeUpload(
  dir: string,
  file: Readable & { truncated: boolean },
  originalName: string,
  ext: Extension,
  cap: number,
): Promise<StoredUpload> {
  const name = randomBytes(16).toString('hex');
  const out = createWriteStream(join(dir, name), { flags: 'wx', mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) continue;
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
  return { name, originalName, ext, size };
}

/** Reads a part to its end without keeping it, so the parser reaches the next part. */
export async function drain(file: Readable): Promise<void> {
  for await (const _chunk of file) {
    // Nothing is kept.
  }
}

/** Deletes a refused file; one already gone is no error. */
export async function discard(dir: string, stored: StoredUpload): Promise<void> {
  await unlink(join(dir, stored.name)).catch(() => {});
}
