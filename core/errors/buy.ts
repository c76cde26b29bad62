/** Refusals of card buying: quotes, purchases, refunds and the test payment page's card checks. */
import type { ErrorTable } from './entry.ts';

/** What buying by card answers when it refuses (asset amounts are refused as `wallet.*`). */
export const BUY_ERRORS = {
  'buy.neither': {
    message: 'Enter the amount in USD to spend or the amount to buy.',
    param: 'usdAmount',
  },
  'buy.both': {
    message: 'Enter either the amount in USD to spend or the amount to buy, not both.',
  },
  'buy.usdFormat': {
    message: 'The USD amount must be a number such as "100" or "49.99".',
    param: 'usdAmount',
  },
  'buy.usdDecimals': { message: 'A USD amount can have at most 2 decimals.', param: 'usdAmount' },
  'buy.amountFormat': { message: 'The amount must be a number such as "0.01".', param: 'amount' },
  'buy.tooLittle': {
    message: '{usd} USD is too little to buy any {asset}.',
    param: 'usdAmount',
  },
  'buy.belowMinimum': {
    message: 'The smallest card purchase is {min} USD (this one is {total} USD).',
  },
  'buy.aboveMaximum': {
    message: 'The largest card purchase is {max} USD (this one is {total} USD).',
  },
  'buy.notOffered': {
    message:
      'No {asset} is offered on the market right now, so it cannot be bought by card. Please try again later.',
    param: 'asset',
  },
  'buy.notFound': { message: 'No such card purchase.', param: 'id' },
  'buy.keyReused': {
    message: 'This purchase was already created with other details. Start a new one.',
    param: 'idempotencyKey',
  },
  'buy.providerDown': {
    message: 'The card payment page could not be opened. Please try again in a minute.',
  },
  'buy.refundNotCredited': {
    message: 'Only a credited purchase can be refunded; card purchase {id} is {status}.',
    param: 'id',
  },
  'buy.otherProvider': {
    message: 'Card purchase {id} was paid through another provider ({provider}).',
    param: 'id',
  },
  'buy.refundSpent': {
    message:
      'The {amount} {ticker} bought is no longer available in the account, so the purchase cannot be refunded.',
  },
  'buy.refundRefused': {
    message: 'The card provider refused the refund; the purchase stays credited.',
  },
  'card.numberMissing': { message: 'Enter the card number.', param: 'number' },
  'card.numberInvalid': {
    message: 'This card number is not valid: check its digits.',
    param: 'number',
  },
  'card.notTestCard': {
    message:
      'This is test mode: only the test card numbers listed on this page are accepted, never a real card.',
    param: 'number',
  },
  'card.expiryFormat': { message: 'Enter the expiry date as MM/YY.', param: 'expiry' },
  'card.expiryPast': { message: 'This card has expired.', param: 'expiry' },
  'card.cvcFormat': {
    message: 'Enter the 3-digit security code from the back of the card.',
    param: 'cvc',
  },
  'card.cvcFormatAmex': {
    message: 'Enter the 4-digit security code from the front of the card.',
    param: 'cvc',
  },
  'card.nameMissing': { message: 'Enter the name on the card.', param: 'name' },
} as const satisfies ErrorTable;
