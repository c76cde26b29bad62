/** Refusals of transfers between account holders. */
import type { ErrorTable } from './entry.ts';

/** What sending a transfer answers when it refuses (amounts are refused as `wallet.*`). */
export const TRANSFER_ERRORS = {
  'transfer.disabled': {
    message: 'Transfers are turned off for your account. Please contact support.',
  },
  'transfer.toSelf': { message: 'You cannot send a transfer to yourself.', param: 'to' },
  'transfer.unknownRecipient': {
    message: 'No account has this email or login. Check it and try again.',
    param: 'to',
  },
  'transfer.ambiguousLogin': {
    message: 'More than one account uses this login. Please send to their email instead.',
    param: 'to',
  },
  'transfer.keyReused': {
    message: 'This idempotency key was already used for a different transfer.',
    param: 'idempotencyKey',
  },
} as const satisfies ErrorTable;
