/**
 * Attachment upload: a multipart POST of `token` + `file` to the upload endpoint,
 * with credentials, through XMLHttpRequest because fetch cannot report upload progress. The reply
 * is encoded like the API's and read with the API's own decoder. It never throws: failures become
 * a `status: false` reply and an error notification with the reply's error_msg.
 */
import { siteApi } from './api.ts';
import type { ApiClient } from './apiClient.ts';
import { hasErrorCode, requestErrorText, requestFailure } from './errors/transport.ts';
import { notify } from './notify.ts';
import { UPLOAD_PATH, type UploadReply } from './protocol/index.ts';

/** How an upload is told apart and followed. */
export interface UploadOptions {
  /** Called with the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload; the reply is then a `status: false` reply without a notification. */
  signal?: AbortSignal;
  /** Whose token and API origin to use; the site's by default. */
  client?: Pick<ApiClient, 'baseUrl' | 'token' | 'encodes' | 'parseReplyBody' | 'ready'>;
  /**
   * What the file is for: 'kyc' for an identity photo (images only, metadata stripped, kept out
   * of the support chat); 'p2p' for a receipt sent in a P2P trade's chat (in no support dialog);
   * the support chat's attachment by default.
   */
  purpose?: 'kyc' | 'p2p';
  /** The XMLHttpRequest constructor; tests pass their own. */
  XMLHttpRequest?: typeof XMLHttpRequest;
}

/** The text of a cancelled upload's reply. */
export const UPLOAD_CANCELLED_TEXT = requestErrorText('request.uploadCancelled');

/** Uploads one file; resolves with the server's reply, showing its error_msg when it failed. */
export async function uploadAttachment(
  file: Blob,
  options: UploadOptions = {},
): Promise<UploadReply> {
  const Request = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
  const client = options.client ?? siteApi;
  const finished = (reply: UploadReply, quiet = false) => {
    if (!reply.status && !quiet) notify({ kind: 'toast', tone: 'error', text: reply.error_msg });
    return reply;
  };
  // The reply is read with the client's codec, which may still be loading.
  try {
    await client.ready();
  } catch {
    return finished(requestFailure('request.serverError'));
  }
  if (options.signal?.aborted) return requestFailure('request.uploadCancelled');
  return new Promise<UploadReply>((resolve) => {
    const finish = (reply: UploadReply, quiet = false) => resolve(finished(reply, quiet));
    const xhr = new Request();
    xhr.open('POST', `${client.baseUrl()}${UPLOAD_PATH}`);
    xhr.withCredentials = true;
    // A client that sends plain JSON asks for it back (Accept keeps the request CORS-simple).
    if (!client.encodes()) xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'arraybuffer';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.addEventListener('load', () => {
      options.onProgress?.(1);
      finish(readUploadReply(xhr.response, client));
    });
    xhr.addEventListener('error', () => finish(requestFailure('request.serverError')));
    xhr.addEventListener('abort', () => finish(requestFailure('request.uploadCancelled'), true));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('token', client.token());
    if (options.purpose !== undefined) form.append('purpose', options.purpose);
    form.append('file', file, file instanceof File ? file.name : 'attachment');
    xhr.send(form);
  });
}

/** Reads the upload endpoint's reply bytes; anything unreadable is the generic server error. */
export function readUploadReply(
  body: unknown,
  client: Pick<ApiClient, 'parseReplyBody'> = siteApi,
): UploadReply {
  try {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : null;
    const value = bytes ? client.parseReplyBody(bytes) : null;
    if (isUploadReply(value)) return value;
  } catch {
    // An unreadable body is reported as the generic server error below.
  }
  return requestFailure('request.serverError');
}

function isUploadReply(value: unknown): value is UploadReply {
  if (typeof value !== 'object' || value === null) return false;
  const status: unknown = Reflect.get(value, 'status');
  if (status === false) {
    // A server that sends no code (or one this build does not know) reads as the generic one.
    if (!hasErrorCode(Reflect.get(value, 'error_code')))
      Reflect.set(value, 'error_code', 'request.serverError');
    return typeof Reflect.get(value, 'error_msg') === 'string';
  }
  const attachment: unknown = Reflect.get(value, 'attachment');
  return (
    status === true &&
    typeof attachment === 'object' &&
    attachment !== null &&
    typeof Reflect.get(attachment, 'id') === 'number' &&
    typeof Reflect.get(attachment, 'path') === 'string'
  );
}
