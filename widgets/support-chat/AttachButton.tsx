/**
 * The composer's attach button and the hidden file input it opens; it is disabled while an
 * upload runs or a file is already attached (one attachment per message).
 */
import { type ChangeEvent, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ATTACHMENT_ACCEPT, canPickAttachment } from '../../core/rules.ts';
import type { SupportChat } from '../../core/supportChat.ts';

/** The button; `inputId` is the file input's id. */
export function AttachButton({ chat, inputId }: { chat: SupportChat; inputId: string }) {
  const state = useSnapshot(chat.state);
  const fileRef = useRef<HTMLInputElement>(null);
  const canPick = canPickAttachment({
    isUploading: state.upload !== null,
    hasAttachment: state.attachment !== null,
  });

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    void chat.attach(files);
  };

  return (
    <>
      <input
        ref={fileRef}
        id={inputId}
        className="sc-file"
        type="file"
        accept={ATTACHMENT_ACCEPT}
        disabled={!canPick}
        onChange={onFiles}
        tabIndex={-1}
        aria-hidden="true"
      />
      <button
        type="button"
        className="sc-icon-button"
        aria-label="Attach a file"
        disabled={!canPick}
        onClick={() => fileRef.current?.click()}
      >
        📎
      </button>
    </>
  );
}
