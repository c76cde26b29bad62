/** The refusals of the upload endpoint that name its caps and its accepted types. */
import { type ErrorReport, refusalOf } from '../../../core/errors/index.ts';
import { ATTACHMENT_EXTENSIONS } from '../../../core/rules.ts';
import type { AttachmentKind } from './attachmentKinds.ts';

/** Bytes in whole megabytes, as the refusals name a cap. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** The refusal of a file over its kind's cap. */
export function tooLarge(kind: AttachmentKind, maxBytes: number): ErrorReport {
  return refusalOf('upload.tooLarge', { kind, megabytes: megabytes(maxBytes) });
}

/** The refusal of a file type outside the attachment list. */
export const typeRefusal = refusalOf('upload.type', {
  extensions: ATTACHMENT_EXTENSIONS.join(', '),
});

/** The refusal for an error the multipart parser threw while reading the request. */
export function multipartError(error: unknown, imageMax: number, videoMax: number): ErrorReport {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return refusalOf('upload.oneFile');
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return refusalOf('upload.overLimit', {
      imageMegabytes: megabytes(imageMax),
      videoMegabytes: megabytes(videoMax),
    });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return refusalOf('upload.notMultipart');
  return refusalOf('upload.unreadable');
}
