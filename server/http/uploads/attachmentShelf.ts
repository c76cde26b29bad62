/**
 * What the upload edge asks of the domains behind it. The edge reads, checks and stores files;
 * which dialog a file belongs to, who may open it and what an identity photo becomes are
 * decided behind these interfaces, so the edge knows no more of them than a file's purpose.
 */
import type { Readable } from 'node:stream';
import type { ErrorReport } from '../../../core/errors/index.ts';
import type { UserRow } from '../../accounts/users.ts';
import type { Database } from '../../storage/db.ts';
import type { ByteRange } from './byteRange.ts';

/** Why a file is uploaded: a support attachment, an identity photo, or a receipt for a trade's chat. */
export type UploadPurpose = 'support' | 'kyc' | 'p2p';

/** A checked file as it is recorded. */
export interface ShelvedFile {
  /** The random file name in the upload folder, where the checked file is. */
  storageName: string;
  /** The name shown to people, already cleaned. */
  shownName: string;
  mime: string;
  size: number;
}

/** A recorded file as its viewer may open it. */
export interface OpenedAttachment {
  mime: string;
  size: number;
  originalName: string;
  /** The file's bytes: the one range asked for, or all of them. */
  bytes(range: ByteRange | null): Readable;
}

/** Why a link opens nothing: forged or expired, no such file, or a viewer who may not see it. */
export type ClosedAttachment = 'invalidLink' | 'notFound' | 'forbidden';

/** Where checked files are recorded and found again. */
export interface AttachmentShelf {
  /** The folder uploads are written to and checked in, outside anything served. */
  readonly dir: string;
  /**
   * Records a checked file for its uploader (and keeps it: it may move the file out of `dir`):
   * its id and the signed path the uploader opens it at.
   */
  record(
    uploader: UserRow,
    purpose: UploadPurpose,
    file: ShelvedFile,
  ): Promise<{ id: number; path: string }>;
  /** The file a signed link opens for the viewer it was issued to, or why it opens nothing. */
  open(id: number, query: Record<string, unknown>): Promise<OpenedAttachment | ClosedAttachment>;
}

/**
 * What the owner of identity photos (the KYC domain) does with them, so that uploads know no more
 * of verification than the purpose a file is uploaded for.
 */
export interface IdentityPhotos {
  /**
   * Keeps the stored file at `path` only as an identity photo, rewritten without its metadata:
   * the refusal, or null once the file is clean.
   */
  keep(path: string, ext: string): Promise<ErrorReport | null>;
  /** Deletes the photos no application uses any more (their rows); how many. */
  forgetUnused(db: Database): Promise<number>;
}
