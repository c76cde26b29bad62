/** Refusals of the P2P market: offers and their terms, trades, their chat, payment details, rates. */
import type { ErrorTable } from './entry.ts';

/** What the P2P methods answer when they refuse. */
export const P2P_ERRORS = {
  'offer.unverified': {
    message:
      'Verify your identity to publish P2P offers: the people you trade with rely on it. Start from Settings → Identity verification.',
  },
  'offer.tooMany': {
    message: 'You have {max} open offers, the most allowed: close one to publish another.',
  },
  'offer.notFound': { message: 'No such offer.', param: 'id' },
  'offer.closed': { message: 'This offer is closed: publish a new one instead.', param: 'id' },
  'offer.nothingLeft': {
    message: 'Nothing is left on this offer to trade: close it and publish a new one.',
    param: 'id',
  },
  'offer.insufficient': {
    message:
      'Insufficient {ticker} balance: the offer holds {amount} {ticker} in escrow while it is published.',
    param: 'amount',
  },
  'offer.unlistedFiat': {
    message: 'Choose one of the listed fiat currencies: {fiats}.',
    param: 'fiat',
  },
  'offer.numberFormat': { message: '{label} must be a number such as "{example}".' },
  'offer.tooManyDigits': { message: '{label} has too many digits.' },
  'offer.notPositive': { message: '{label} must be greater than zero.' },
  'offer.tooManyDecimals': { message: '{label} can have at most {decimals} decimals.' },
  'offer.minAboveMax': {
    message: 'The minimum per trade cannot be above the maximum.',
    param: 'minFiat',
  },
  'offer.maxAboveAmount': {
    message:
      'The maximum per trade ({max} {fiat}) is more than the whole amount is worth at this price; lower it or offer more {asset}.',
    param: 'maxFiat',
  },
  'offer.priceOrMargin': {
    message: 'Give either a fixed price or a margin over the market price.',
    param: 'price',
  },
  'offer.noReferenceRate': {
    message:
      'There is no reference rate for {fiat} yet, so a margin cannot be priced: set a fixed price.',
    param: 'margin',
  },
  'offer.marginLeavesNoPrice': {
    message: 'That margin leaves no price: choose a larger one.',
    param: 'margin',
  },
  'offer.marginFormat': {
    message: 'The margin must be a percentage such as "2.5" or "-1".',
    param: 'margin',
  },
  'offer.marginDecimals': {
    message: 'The margin can have at most {decimals} decimals.',
    param: 'margin',
  },
  'offer.marginRange': {
    message: 'The margin must be between -{max} and {max} percent.',
    param: 'margin',
  },
  'offer.noPaymentMethod': {
    message: 'Choose at least one payment method.',
    param: 'paymentMethods',
  },
  'offer.tooManyPaymentMethods': {
    message: 'Choose at most {max} payment methods.',
    param: 'paymentMethods',
  },
  'offer.unlistedPaymentMethod': {
    message: '"{method}" is not a listed payment method: choose from {methods}.',
    param: 'paymentMethods',
  },
  'offer.paymentWindow': {
    message: 'The payment window must be {choices} minutes.',
    param: 'paymentWindowMinutes',
  },
  'fiatRate.format': {
    message: 'The rate must be a positive number with at most {decimals} decimals, such as "0.92".',
    param: 'perUsdt',
  },
  'fiatRate.tooHigh': {
    message: 'The rate can be at most {max} {fiat} per USDT.',
    param: 'perUsdt',
  },
  'paymentDetails.unlistedMethod': {
    message: '"{method}" is not a listed payment method.',
    param: 'method',
  },
  'paymentDetails.missingForAll': {
    message:
      'Add your payment details for {methods} first (P2P → Payment details), so buyers know where to pay.',
  },
  'paymentDetails.missingForAny': {
    message:
      'Add your payment details for one of {methods} first (P2P → Payment details), so the buyer knows where to pay.',
  },
  'trade.notFound': { message: 'No such trade.', param: 'id' },
  'trade.unverified': {
    message:
      'Verify your identity to trade P2P: both sides of a trade rely on it. Start from Settings → Identity verification.',
  },
  'trade.ownOffer': {
    message: 'This is your own offer: you cannot trade on it.',
    param: 'offerId',
  },
  'trade.offerUnavailable': {
    message: 'This offer is not available any more: choose another.',
    param: 'offerId',
  },
  'trade.unpriced': {
    message:
      'This offer follows the market, and there is no reference rate for its currency right now: choose another offer.',
    param: 'offerId',
  },
  'trade.amountFormat': {
    message: 'Enter an amount of {fiat} such as "250.50".',
    param: 'fiatAmount',
  },
  'trade.tooSmall': {
    message: 'That amount buys less than the smallest unit of the currency: enter more.',
    param: 'fiatAmount',
  },
  'trade.overAvailable': {
    message: 'This offer has {available} {ticker} left: enter less {fiat}.',
    param: 'fiatAmount',
  },
  'trade.outsideLimits': {
    message: 'Enter between {min} and {max} {fiat} for this offer, with at most 2 decimals.',
    param: 'fiatAmount',
  },
  'trade.insufficient': {
    message:
      'Insufficient {ticker} balance: the trade holds {amount} {ticker} in escrow until it ends.',
  },
  'trade.expired': {
    message:
      'The payment window has passed: this trade expired and the crypto went back to the seller.',
  },
  'trade.onlyBuyerPays': { message: 'Only the buyer marks the payment as sent.' },
  'trade.onlyBuyerCancels': {
    message:
      'Only the buyer can cancel a trade; as the seller, wait for the payment window to end.',
  },
  'trade.onlySellerReleases': { message: 'Only the seller releases the crypto.' },
  'trade.releaseCode': {
    message:
      'Enter the 6-digit code from your authenticator app, or a recovery code, to release the crypto.',
    param: 'code',
  },
  'trade.wrongStatus': { message: 'This trade is {status}: it can no longer {action}.' },
  'trade.reasonRequired': {
    message: 'Say what went wrong: staff read it first.',
    param: 'reason',
  },
  'trade.resolutionRequired': {
    message: 'Give the reason for the decision: both sides read it.',
    param: 'reason',
  },
  'trade.ownDispute': { message: 'Another staff member must decide a dispute you are part of.' },
  'trade.notDisputed': { message: 'This trade is not in dispute.' },
  'tradeChat.ended': {
    message: 'This trade has ended: its chat can be read but takes no new messages.',
  },
  'tradeChat.staffOutsideDispute': {
    message: 'Staff write in a trade’s chat only while it is in dispute.',
  },
} as const satisfies ErrorTable;
