/**
 * One photo of the verification form: a labelled file picker that uploads the image for
 * verification (images only; the server strips its metadata), puts it in its slot of the draft
 * and shows it. Errors are tied to the picker and announced.
 */
import { useId, useState } from 'react';
import type { KycApplication, KycPhoto, KycPhotoSlot } from '../../../core/index.ts';
import { apiBaseUrl, call } from '../../../core/index.ts';
import { KYC_PHOTO_ACCEPT, KYC_PHOTO_TYPE_TEXT } from '../../../core/kyc.ts';
import { uploadAttachment } from '../../../core/upload.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The picker for `slot`, showing `photo` once there is one. */
export function PhotoField({
  slot,
  label,
  hint,
  photo,
  onSaved,
}: {
  slot: KycPhotoSlot;
  label: string;
  hint: string;
  photo: KycPhoto | null;
  onSaved: (application: KycApplication) => void;
}) {
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    if (file === undefined) return;
    setError('');
    if (!IMAGE_TYPES.includes(file.type)) {
      setError(KYC_PHOTO_TYPE_TEXT);
      return;
    }
    setBusy(true);
    const uploaded = await uploadAttachment(file, { purpose: 'kyc' });
    if (!uploaded.status) {
      setBusy(false);
      setError(uploaded.error_msg);
      return;
    }
    const reply = await call('kyc.attach', { slot, attachmentId: uploaded.attachment.id });
    setBusy(false);
    if (!reply.status) setError(reply.error_msg);
    else onSaved(reply.application);
  }

  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field kyc-photo">
      <label htmlFor={id}>{label}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {photo !== null && (
        <img
          className="kyc-photo-preview"
          src={`${apiBaseUrl()}${photo.path}`}
          alt={`${label}: uploaded`}
        />
      )}
      <input
        id={id}
        type="file"
        accept={KYC_PHOTO_ACCEPT}
        disabled={busy}
        aria-describedby={described}
        {...(error ? { 'aria-invalid': true as const } : {})}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p role="status" className="field-hint">
        {busy
          ? 'Uploading…'
          : photo !== null
            ? 'Uploaded. Choose another image to replace it.'
            : ''}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
