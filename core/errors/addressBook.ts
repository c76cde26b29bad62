/** Refusals of the withdrawal address book. */
import type { ErrorTable } from './entry.ts';

/** What the address book, and a withdrawal checked against it, answer when they refuse. */
export const ADDRESS_BOOK_ERRORS = {
  'addressBook.codeRequired': {
    message:
      'Enter the 6-digit code from your authenticator app, or a recovery code, to change your address book.',
    param: 'code',
  },
  'addressBook.duplicate': {
    message: 'This address is already in your address book.',
    param: 'address',
  },
  'addressBook.label': {
    message: 'Give the address a label of 1 to {max} characters, such as "My hardware wallet".',
    param: 'label',
  },
  'addressBook.notFound': {
    message: 'There is no saved address with this id in your address book.',
    param: 'id',
  },
  'addressBook.notSaved': {
    message:
      'You withdraw only to saved addresses, and this one is not in your address book. Add it there first: a new address can be used 24 hours after it is added.',
    param: 'address',
  },
  'addressBook.notYetUsable': {
    message:
      '"{label}" was added to your address book less than 24 hours ago: withdrawals to it can start at {from}.',
    param: 'address',
  },
} as const satisfies ErrorTable;
