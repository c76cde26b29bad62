/**
 * What the browser's transport needs of the catalogue: its own few refusals and a check that a
 * reply carries a code. Kept apart from index.ts so the API client, loaded by every widget on a
 * partner's page, does not carry every domain's words: those load only with the pages that show
 * them.
 */
import type { ErrorTable } from './entry.ts';
import type { ErrorCode, FailureReply } from './index.ts';

/** The refusals the browser's transport gives itself: an unreadable answer, a cancelled upload. */
export const TRANSPORT_ERRORS = {
  'request.serverError': { message: 'Server error, please try again later.' },
  'request.uploadCancelled': { message: 'The upload was cancelled.' },
} as const satisfies ErrorTable;

/** One of the transport's own refusals. */
export type TransportErrorCode = keyof typeof TRANSPORT_ERRORS;

/** The words of one of the transport's own refusals. */
export function requestErrorText(code: TransportErrorCode): string {
  return TRANSPORT_ERRORS[code].message;
}

/** The `status: false` answer for one of the transport's own refusals. */
export function requestFailure(code: TransportErrorCode): FailureReply {
  return { status: false, error_msg: requestErrorText(code), error_code: code };
}

const CODE_SHAPE = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9]+$/;

/**
 * Whether a reply's `error_code` is shaped like a catalogue code (`domain.name`). A newer server
 * may send a code this build has not heard of; its words still arrive in `error_msg`.
 */
export function hasErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && CODE_SHAPE.test(code);
}
