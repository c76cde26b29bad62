/** Refusals of withdrawals: requesting, confirming, cancelling and reviewing them. */
import type { ErrorTable } from './entry.ts';

/** What the withdrawal methods answer when they refuse. */
export const WITHDRAWAL_ERRORS = {
  'withdrawal.disabled': {
    message: 'Withdrawals are turned off for your account. Please contact support.',
  },
  'withdrawal.emailUnverified': {
    message:
      'Confirm your email address before withdrawing: follow the link we mailed you, or send a new one from the banner at the top of the page.',
  },
  'withdrawal.codeRequired': {
    message: 'Enter the 6-digit code from your authenticator app, or a recovery code, to withdraw.',
    param: 'code',
  },
  'withdrawal.keyReused': {
    message: 'This idempotency key was already used for a different withdrawal.',
    param: 'idempotencyKey',
  },
  'withdrawal.unavailable': {
    message: 'Withdrawals on {network} are not available right now; please try again later.',
    param: 'network',
  },
  'withdrawal.tooSmall': {
    message: 'The smallest {asset} withdrawal on {network} is {min} {asset}.',
    param: 'amount',
  },
  'withdrawal.paused': {
    message:
      'Withdrawals pause for 24 hours after {what}, to protect your account. You can withdraw again from {until}.',
  },
  'withdrawal.verifiedLimit': {
    message:
      'Verified accounts can withdraw up to {limit} USD in 24 hours, fees included; {left} USD of it is left now.',
    param: 'amount',
  },
  'withdrawal.unverifiedLimit': {
    message:
      'Without identity verification you can withdraw up to {limit} USD in 24 hours, fees included; {left} USD of it is left now. Verify your identity to withdraw more.',
    param: 'amount',
  },
  'withdrawal.short': {
    message:
      'Insufficient {asset} balance: the withdrawal of {amount} {asset} plus the {fee} {asset} network fee needs {total} {asset} available.',
    param: 'amount',
  },
  'withdrawal.notWaiting': {
    message:
      'This withdrawal no longer waits for confirmation: it was cancelled, or confirmed already. Request it again if you still want it.',
  },
  'withdrawal.notFound': { message: 'No such withdrawal.', param: 'id' },
  'withdrawal.notCancellable': {
    message: 'This withdrawal is {status} and can no longer be cancelled.',
  },
  'withdrawal.reasonRequired': {
    message: 'Give the reason for the rejection: the account holder sees it.',
    param: 'reason',
  },
  'withdrawal.notAwaitingReview': { message: 'This withdrawal is not awaiting review.' },
  'withdrawal.ownWithdrawal': {
    message: 'Another staff member must review your own withdrawal.',
  },
} as const satisfies ErrorTable;
