/**
 * The multipart form of one upload: the fields `token` (the session token) and `purpose`, and
 * one part named `file`. The file is written to disk only for a known caller and an accepted
 * extension, and only up to its kind's cap; every other file part is read and dropped, so the
 * parser reaches the end and the reply can name the first problem.
 */
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { type ErrorReport, refusalOf } from '../../../core/errors/index.ts';
import { isAcceptedAttachment } from '../../../core/rules.ts';
import { findCaller } from '../../accounts/sessions.ts';
import type { UserRow } from '../../accounts/users.ts';
import type { Database } from '../../storage/db.ts';
import { extensionOf, kindOf } from './attachmentKinds.ts';
import type { UploadPurpose } from './attachmentShelf.ts';
import { drain, type StoredUpload, storeUpload } from './storedUpload.ts';
import { tooLarge, typeRefusal } from './uploadRefusals.ts';

/** The size caps of images and videos, in bytes. */
export interface UploadCaps {
  imageMaxBytes: number;
  videoMaxBytes: number;
}

/** One upload's form as it is read; `stored` is on disk and must be recorded or discarded. */
export class UploadForm {
  private token = '';
  /** 'kyc': an identity photo (see IdentityPhotos); 'p2p': a receipt for a trade's chat. */
  purpose: UploadPurpose = 'support';
  private caller: Promise<UserRow | null> | null = null;
  /** The file written to disk, if any. */
  stored: StoredUpload | null = null;
  /** The first reason to refuse the upload, if any. */
  problem: ErrorReport | null = null;

  constructor(
    private readonly db: Database,
    private readonly dir: string,
    private readonly caps: UploadCaps,
  ) {}

  /** Reads every part; throws what the multipart parser throws. */
  async read(parts: AsyncIterable<Multipart>): Promise<void> {
    for await (const part of parts) {
      if (part.type === 'field') this.takeField(part);
      else await this.takeFile(part);
    }
  }

  /** The signed-in uploader, or null for a missing or unknown token. */
  uploader(): Promise<UserRow | null> {
    return this.caller ?? lookUp(this.db, this.token);
  }

  private takeField(part: MultipartValue): void {
    if (part.fieldname === 'token' && typeof part.value === 'string') this.token = part.value;
    if (part.fieldname === 'purpose' && (part.value === 'kyc' || part.value === 'p2p')) {
      this.purpose = part.value;
    }
  }

  private async takeFile(part: MultipartFile): Promise<void> {
    if (this.stored !== null || this.problem !== null || part.fieldname !== 'file') {
      this.problem ??= refusalOf(part.fieldname === 'file' ? 'upload.oneFile' : 'upload.noFile');
      await drain(part.file);
      return;
    }
    this.caller = lookUp(this.db, this.token);
    // An unknown caller's bytes are read and dropped, never written.
    if ((await this.caller) === null || !isAcceptedAttachment(part.filename)) {
      await drain(part.file);
      if ((await this.caller) !== null) {
        this.problem = this.purpose === 'kyc' ? refusalOf('upload.kycType') : typeRefusal;
      }
      return;
    }
    const ext = extensionOf(part.filename);
    const kind = kindOf(ext);
    const cap = kind === 'video' ? this.caps.videoMaxBytes : this.caps.imageMaxBytes;
    this.stored = await storeUpload(this.dir, part.file, part.filename, ext, cap);
    if (this.stored.size > cap || part.file.truncated) this.problem = tooLarge(kind, cap);
    else if (this.stored.size === 0) this.problem = refusalOf('upload.noFile');
  }
}

async function lookUp(db: Database, token: string): Promise<UserRow | null> {
  if (token === '') return null;
  return (await findCaller(db, token))?.user ?? null;
}
