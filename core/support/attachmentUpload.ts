/** The one attachment a chat message may carry: picked, checked, uploaded with progress, dropped. */
import { notify } from '../notify.ts';
import type { UploadReply } from '../protocol/index.ts';
import { canPickAttachment, pickAttachment } from '../rules.ts';
import type { UploadOptions } from '../upload.ts';
import type { SupportChatState } from './chatState.ts';

/** The actions on the attachment. */
export interface AttachmentUpload {
  /** Validates and uploads a picked file as the attachment. */
  attach(files: readonly File[]): Promise<void>;
  /** Drops the attachment (or cancels its upload). */
  remove(): void;
  /** Cancels an upload in flight. */
  dispose(): void;
}

/** The attachment of one chat, kept in its state. */
export function createAttachmentUpload(
  state: Pick<SupportChatState, 'attachment' | 'attachmentName' | 'upload'>,
  upload: (file: Blob, options: UploadOptions) => Promise<UploadReply>,
): AttachmentUpload {
  let uploadAbort: AbortController | null = null;
  return {
    async attach(files) {
      if (
        !canPickAttachment({
          isUploading: state.upload !== null,
          hasAttachment: !!state.attachment,
        })
      )
        return;
      const pick = pickAttachment(files);
      if ('error' in pick) {
        notify({ kind: 'toast', tone: 'error', text: pick.error });
        return;
      }
      const abort = new AbortController();
      uploadAbort = abort;
      state.upload = { name: pick.file.name, progress: 0 };
      const uploadOptions: UploadOptions = {
        signal: abort.signal,
        onProgress: (progress) => {
          if (state.upload && uploadAbort === abort) state.upload.progress = progress;
        },
      };
      const reply = await upload(pick.file, uploadOptions);
      if (uploadAbort !== abort) return;
      uploadAbort = null;
      state.upload = null;
      if (reply.status) {
        state.attachment = reply.attachment;
        state.attachmentName = pick.file.name;
      } else {
        // The progress bar has gone: without a word the file would seem attached and be lost.
        notify({ kind: 'toast', tone: 'error', text: reply.error_msg });
      }
    },
    remove() {
      uploadAbort?.abort();
      uploadAbort = null;
      state.upload = null;
      state.attachment = null;
      state.attachmentName = null;
    },
    dispose() {
      uploadAbort?.abort();
    },
  };
}
