/** What the swap methods answer when they refuse, in words a person can act on. */
import { SWAP_QUOTE_SECONDS } from '../../core/protocol/swap.ts';

/** The swap refusals, each once. */
export const SWAP_MESSAGES = {
  disabled: 'Swaps are turned off for your account. Please contact support.',
  sameCurrency: 'Choose two different currencies to swap.',
  amountFormat: 'Amount must be a number such as "0.5".',
  amountDigits: 'Amount has too many digits.',
  zero: 'Amount must be greater than zero.',
  overPrecise: (ticker: string, step: string) =>
    `A ${ticker} amount to swap must be a multiple of ${step}.`,
  belowMinimum: (minValue: string) =>
    `The amount is below the minimum: a swap must be worth at least ${minValue} USDT.`,
  noLiquidity: 'There are no orders in the book to swap against right now. Please try later.',
  tooLarge: (most: string, buying = false) =>
    `This swap is larger than the order book can fill: at most ${most} can be ${
      buying ? 'bought' : 'sold'
    } right now. Please swap a smaller amount.`,
  unknownQuote: 'This quote does not exist. Please ask for a new one.',
  expired: `This quote has expired (quotes stay firm for ${SWAP_QUOTE_SECONDS} seconds). Here is a new one: please check it and accept again.`,
  priceMoved:
    'The price has moved since this quote and the swap would now give you less. Here is a new one: please check it and accept again.',
} as const;
