/** Refusals of the transport itself: unreadable requests, access levels, parameters, limits. */
import type { ErrorTable } from './entry.ts';

/** What the API answers before (or instead of) running a method. */
export const REQUEST_ERRORS = {
  'request.notFound': { message: 'Not found.' },
  'request.foreignOrigin': { message: 'Requests from this origin are not allowed.' },
  'request.tooMany': { message: 'Too many requests. Please try again in {wait}.' },
  'request.postOnly': { message: 'The API answers POST requests only.' },
  'request.unreadable': { message: '{reason}' },
  'request.bodyTooLarge': {
    message: 'The request body is too large (the limit is {mebibytes} MiB).',
  },
  'request.contentType': { message: 'This content type is not accepted.' },
  'request.unreadableBody': { message: 'The request could not be read ({reason}).' },
  'request.notAnObject': { message: 'The request body must be a JSON object.' },
  'request.noMethod': { message: 'The request does not name a method.' },
  'request.tokenType': { message: 'Token must be a string.', param: 'token' },
  'request.subIdType': { message: 'SubId must be a string.', param: 'subId' },
  'request.unknownMethod': { message: 'Unknown method "{method}".' },
  'request.databaseUnreachable': {
    message:
      'The exchange cannot reach its database just now, so nothing was done. Please try again in a moment.',
  },
  'access.signInRequired': { message: 'Please sign in to continue.' },
  'access.accountRequired': { message: 'Please create an account or sign in to continue.' },
  'access.staffOnly': { message: 'This action is only available to staff.' },
  'params.invalid': { message: 'The request parameters are invalid.' },
  'params.required': { message: '{label} is required.' },
  'params.wrongType': { message: '{label} must be {kind}.' },
  'params.tooShort': { message: '{label} must be at least {minimum} characters.' },
  'params.tooLong': { message: '{label} must be at most {maximum} characters.' },
  'params.tooSmall': { message: '{label} must be {bound} {minimum}.' },
  'params.tooBig': { message: '{label} must be {bound} {maximum}.' },
  'params.email': { message: '{label} must be a valid email address.' },
  'params.format': { message: '{label} is not in a valid format.' },
  'params.oneOf': { message: '{label} must be one of {values}.' },
  'params.unknownKeys': { message: 'Unknown {parameters} {names}.' },
  'params.rule': { message: '{label} {problem}' },
  'params.malformed': { message: '{label} is invalid.' },
} as const satisfies ErrorTable;
