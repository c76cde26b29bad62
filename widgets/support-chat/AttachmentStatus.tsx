/** The composer's attachment line: the upload's progress and its cancel, or the file attached. */
import { useSnapshot } from 'valtio';
import type { SupportChat } from '../../core/supportChat.ts';

/** The line for this chat's attachment, if it has one. */
export function AttachmentStatus({ chat }: { chat: SupportChat }) {
  const state = useSnapshot(chat.state);
  return (
    <>
      {state.upload && (
        <div className="sc-attachment">
          <span className="sc-attachment-name">{state.upload.name}</span>
          <progress
            max={1}
            value={state.upload.progress}
            aria-label={`Uploading ${state.upload.name}`}
          />
          <button
            type="button"
            className="sc-icon-button"
            aria-label="Cancel the upload"
            onClick={() => chat.removeAttachment()}
          >
            ×
          </button>
        </div>
      )}
      {state.attachment && (
        <div className="sc-attachment">
          <span className="sc-attachment-name">
            {`Attached: ${state.attachmentName ?? 'file'}`}
          </span>
          <button
            type="button"
            className="sc-icon-button"
            aria-label="Remove the attachment"
            onClick={() => chat.removeAttachment()}
          >
            ×
          </button>
        </div>
      )}
    </>
  );
}
