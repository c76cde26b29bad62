/**
 * Identity photos as the upload endpoint receives them (purpose 'kyc'): kept only as a JPEG, PNG
 * or WebP image, rewritten without its metadata (a phone's photo carries where it was taken),
 * and forgotten when no application uses it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { refusalOf } from '../../core/errors/index.ts';
import { KYC_PHOTO_EXTENSIONS } from '../../core/kyc.ts';
import type { IdentityPhotos } from '../http/uploads/attachmentShelf.ts';
import { type PhotoFormat, stripMetadata } from './stripMetadata.ts';
import { forgetUnusedPhotos } from './unusedPhotos.ts';

const PHOTO_FORMATS: Partial<Record<string, PhotoFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
};

/** What the upload endpoint does with an identity photo. */
export const identityPhotos: IdentityPhotos = {
  async keep(path, ext) {
    const format = PHOTO_FORMATS[ext];
    if (format === undefined || !(KYC_PHOTO_EXTENSIONS as readonly string[]).includes(ext)) {
      return refusalOf('upload.kycType');
    }
    const clean = stripMetadata(await readFile(path), format);
    if (clean === null) return refusalOf('upload.mismatch', { ext });
    await writeFile(path, clean, { mode: 0o600 });
    return null;
  },
  forgetUnused: (db) => forgetUnusedPhotos(db),
};
