/** Refusals the browser's transport gives itself, in a table of their own so the API client carries only these. */
import type { ErrorTable } from './entry.ts';

/** The refusals the browser's transport gives itself: an unreadable answer, a cancelled upload. */
export const TRANSPORT_ERRORS = {
  'request.serverError': { message: 'Server error, please try again later.' },
  'request.uploadCancelled': { message: 'The upload was cancelled.' },
} as const satisfies ErrorTable;
