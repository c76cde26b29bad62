/**
 * Validation rules shared by the site, the widgets and the server. The support chat's widget
 * loads this file, so it reads its one refusal from the request table alone rather than through
 * errors/index.ts, which would carry every domain's words onto a partner's page.
 */
import { fill } from './errors/entry.ts';
import { REQUEST_ERRORS } from './errors/request.ts';
import { SUPPORT_ERRORS } from './errors/support.ts';
import { tableText } from './errors/tableText.ts';

/** The shortest password the server accepts for a new account or a new password. */
export const MIN_PASSWORD_LENGTH = 8;

/** Why a new password cannot be used, in the words the server answers with; null when it can. */
export function newPasswordProblem(password: string): string | null {
  if (password.length >= MIN_PASSWORD_LENGTH) return null;
  const { message } = REQUEST_ERRORS['params.tooShort'];
  return fill(message, { label: 'Password', minimum: MIN_PASSWORD_LENGTH });
}

/** The file types a chat attachment may have. */
export const ATTACHMENT_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
  'svg',
  'mkv',
  'mp4',
  'mov',
  'webm',
] as const;

/** The `accept` attribute of the attachment picker. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Whether a file name has one of the accepted attachment extensions (case-insensitive). */
export function isAcceptedAttachment(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/** The outcome of picking attachment files: the one accepted file, or why none was taken. */
export type AttachmentPick<F> = { file: F } | { error: string };

/**
 * Applies the one-file rule and the accept list to a picker's selection, in the upload endpoint's
 * words read from the support table alone (the chat widget loads this).
 */
export function pickAttachment<F extends { name: string }>(files: readonly F[]): AttachmentPick<F> {
  const [file, ...rest] = files;
  if (!file) return { error: tableText(SUPPORT_ERRORS, 'upload.noFile') };
  if (rest.length > 0) return { error: tableText(SUPPORT_ERRORS, 'upload.oneFile') };
  if (!isAcceptedAttachment(file.name)) {
    const extensions = ATTACHMENT_EXTENSIONS.join(', ');
    return { error: tableText(SUPPORT_ERRORS, 'upload.type', { extensions }) };
  }
  return { file };
}

/** Whether the attachment picker is usable: not while uploading, not when one is attached. */
export function canPickAttachment(state: {
  isUploading: boolean;
  hasAttachment: boolean;
}): boolean {
  return !state.isUploading && !state.hasAttachment;
}

/** Whether Enter sends: there is text or an attachment, and no send is pending. */
export function canSendMessage(draft: {
  text: string;
  hasAttachment: boolean;
  isPending: boolean;
}): boolean {
  return !draft.isPending && (draft.text.trim() !== '' || draft.hasAttachment);
}

/** The FAQ search: a case-insensitive substring match on the question. */
export function faqMatches(question: string, query: string): boolean {
  return question.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}
