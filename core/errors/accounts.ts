/** Refusals about accounts: sign-up, sign-in, passwords, two-factor, e-mailed links. */
import type { ErrorTable } from './entry.ts';

/** What the account methods answer when they refuse. */
export const ACCOUNT_ERRORS = {
  'account.invalidEmail': { message: 'Email must be a valid email address.', param: 'email' },
  'account.duplicateEmail': {
    message: 'An account with this email already exists.',
    param: 'email',
  },
  'account.tooManySignUps': {
    message: 'Too many sign-ups from this address. Please try again in {wait}.',
  },
  'account.tooManySignIns': {
    message: 'Too many failed sign-in attempts. Please try again in {wait}.',
  },
  'account.wrongCredentials': { message: 'Wrong email or password.' },
  'account.blocked': { message: 'This account has been blocked. Please contact support.' },
  'account.tooManyLinks': { message: 'Too many links asked for. Please try again in {wait}.' },
  'account.emailAlreadyVerified': { message: 'Your email address is already verified.' },
  'account.tooManyPasswordAttempts': {
    message: 'Too many failed password attempts. Please try again in {wait}.',
  },
  'account.wrongCurrentPassword': {
    message: 'Your current password is not right.',
    param: 'currentPassword',
  },
  'account.samePassword': {
    message: 'Choose a new password that differs from the current one.',
    param: 'newPassword',
  },
  'twoFactor.required': {
    message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    param: 'code',
  },
  'twoFactor.wrongCode': {
    message: 'That code is not right. Check your authenticator app and try again.',
    param: 'code',
  },
  'twoFactor.usedCode': {
    message: 'That code has already been used. Wait for the next one in your authenticator app.',
    param: 'code',
  },
  'twoFactor.usedRecoveryCode': {
    message: 'That recovery code has already been used.',
    param: 'code',
  },
  'twoFactor.tooManyWrongCodes': { message: 'Too many wrong codes. Please try again in {wait}.' },
  'twoFactor.alreadyOn': { message: 'Two-factor authentication is already on.' },
  'twoFactor.notOn': { message: 'Two-factor authentication is not on.' },
  'twoFactor.noSetup': { message: 'Start setting up two-factor authentication first.' },
  'link.unknown': {
    message: 'This link is not valid: it may be incomplete or altered. Ask for a new one.',
  },
  'link.used': {
    message: 'This link has already been used. Ask for a new one if you still need it.',
  },
  'link.expired': { message: 'This link has expired. Ask for a new one.' },
} as const satisfies ErrorTable;
