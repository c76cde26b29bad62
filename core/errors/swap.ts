/** Refusals of swaps: the amount asked for, the book's depth, and quotes that no longer hold. */
import type { ErrorTable } from './entry.ts';

/** What the swap methods answer when they refuse. */
export const SWAP_ERRORS = {
  'swap.disabled': { message: 'Swaps are turned off for your account. Please contact support.' },
  'swap.sameCurrency': { message: 'Choose two different currencies to swap.', param: 'to' },
  'swap.amountFormat': { message: 'Amount must be a number such as "0.5".', param: 'amount' },
  'swap.amountDigits': { message: 'Amount has too many digits.', param: 'amount' },
  'swap.zeroAmount': { message: 'Amount must be greater than zero.', param: 'amount' },
  'swap.overPrecise': {
    message: 'A {ticker} amount to swap must be a multiple of {step}.',
    param: 'amount',
  },
  'swap.belowMinimum': {
    message: 'The amount is below the minimum: a swap must be worth at least {minValue} USDT.',
    param: 'amount',
  },
  'swap.noLiquidity': {
    message: 'There are no orders in the book to swap against right now. Please try later.',
  },
  'swap.tooLargeToSell': {
    message:
      'This swap is larger than the order book can fill: at most {most} can be sold right now. Please swap a smaller amount.',
    param: 'amount',
  },
  'swap.tooLargeToBuy': {
    message:
      'This swap is larger than the order book can fill: at most {most} can be bought right now. Please swap a smaller amount.',
    param: 'amount',
  },
  'swap.unknownQuote': {
    message: 'This quote does not exist. Please ask for a new one.',
    param: 'quoteId',
  },
  'swap.quoteExpired': {
    message:
      'This quote has expired (quotes stay firm for {seconds} seconds). Here is a new one: please check it and accept again.',
    param: 'quoteId',
  },
  'swap.priceMoved': {
    message:
      'The price has moved since this quote and the swap would now give you less. Here is a new one: please check it and accept again.',
    param: 'quoteId',
  },
} as const satisfies ErrorTable;
