/**
 * Refusals of spot trading: an order's prices and sizes against the pair's steps and bounds, the
 * parameters each order type takes, the balance it needs, and why the book rejected or ended it.
 */
import type { ErrorTable } from './entry.ts';

/** What the order methods (and the order ticket, which checks the same rules first) answer. */
export const ORDER_ERRORS = {
  'order.unknownPair': { message: 'Unknown pair "{pair}".', param: 'pair' },
  'order.notDecimal': { message: '{label} must be a decimal string such as "{example}".' },
  'order.tooManyDigits': { message: '{label} has too many digits.' },
  'order.notPositive': { message: '{label} must be greater than zero.' },
  'order.offTick': { message: '{label} must be a multiple of the tick size {tickSize}.' },
  'order.offLot': { message: '{label} must be a multiple of the lot size {lotSize}.' },
  'order.lotDecimals': { message: '{label} has more decimals than the lot size {lotSize} allows.' },
  'order.totalDecimals': { message: '{label} has more decimals than {pair} allows ({decimals}).' },
  'order.aboveMax': { message: '{label} must be at most {max}.' },
  'order.belowMinValue': { message: 'Order value must be at least {min} USDT.', param: 'total' },
  'order.totalBelowLot': {
    message: 'Total is too small to buy one lot ({lotSize} {base}).',
    param: 'total',
  },
  'order.stopPriceNotTaken': {
    message: 'Stop price is only for stop-limit and stop-market orders.',
    param: 'stopPrice',
  },
  'order.stopPriceRequired': {
    message: 'Stop price is required for a stop order.',
    param: 'stopPrice',
  },
  'order.priceRequired': { message: 'Price is required.', param: 'price' },
  'order.amountRequired': { message: 'Amount is required.', param: 'amount' },
  'order.sizeRequired': { message: 'Give the amount to buy, or the total USDT to spend.' },
  'order.totalNotForLimit': {
    message: 'Total is only for market buys; a limit order gives a price and an amount.',
    param: 'total',
  },
  'order.postOnlyIsGtc': {
    message: 'A post-only order waits on the book, so its time in force is GTC.',
    param: 'timeInForce',
  },
  'order.marketPrice': {
    message: 'A market order takes no price; use a limit order to name one.',
    param: 'price',
  },
  'order.marketPostOnly': {
    message: 'Post-only is for limit orders: a market order always takes.',
    param: 'postOnly',
  },
  'order.marketTimeInForce': {
    message: 'A market order trades at once; time in force is for limit orders.',
    param: 'timeInForce',
  },
  'order.marketSellTotal': { message: 'A market sell gives the amount to sell.', param: 'total' },
  'order.cannotPlace': { message: 'The order cannot be placed.' },
  'order.insufficientBalance': { message: 'Insufficient {ticker} balance.' },
  'order.notEnoughAvailable': {
    message: 'Insufficient balance: you have {amount} {ticker} available.',
  },
  'order.balanceUnknown': { message: 'Your {ticker} balance is not known yet.' },
  'order.priceFirst': { message: 'Enter a price first: the amount depends on it.', param: 'price' },
  'order.refRequired': { message: 'Give the order id or its client order id (one of the two).' },
  // `ref` is the order's id, or `with client order id "…"`: whichever the caller gave.
  'order.notFound': { message: 'You have no order {ref}.' },
  'order.clientOrderIdReused': {
    message:
      'Client order id "{clientOrderId}" already names your order {id}, placed with other parameters. Give a new order a new client order id.',
    param: 'clientOrderId',
  },
  'order.closed': {
    message: 'Order {ref} is already {status}: there is nothing left to cancel.',
  },
} as const satisfies ErrorTable;

/** What an order command answers when the server matching the market changed while it ran. */
export const MARKET_ERRORS = {
  'market.moved': {
    message: 'The market moved to another server just now. Please try again.',
  },
  'market.groupSplit': {
    message:
      'This order spans more markets than can be placed together while the markets are spread over several servers; nothing was placed. Swap through USDT in two steps.',
  },
  'market.groupBusy': {
    message:
      'The two markets of this swap were changing at that moment; nothing was placed. Please try again.',
  },
  'market.paused': {
    message:
      'Trading is paused for a moment while the market moves to another server; nothing was placed. Please try again shortly.',
  },
} as const satisfies ErrorTable;

/** What the market streams socket answers a message it cannot follow. */
export const STREAM_ERRORS = {
  'stream.notJson': { message: 'The message is not JSON.' },
  'stream.ticketRequired': {
    message:
      'The account stream needs a ticket or a login: open the socket with ?ticket= from markets.getSocketTicket, or log in with an API key.',
  },
  'stream.loginRequired': {
    message:
      'Log in with an API key first: send a "login" message signed over "timestamp\\nrecvWindow\\nmarket.login\\n".',
  },
  'stream.loggedIn': {
    message:
      'This socket is already logged in: a socket logs in once. Open another socket for another key.',
  },
  'stream.tooManyPending': {
    message:
      'A socket may have {max} requests waiting for their answers: wait for some answers first. Nothing was done.',
  },
  'stream.tooManySubscriptions': { message: 'A socket may hold at most {max} subscriptions.' },
  'stream.unavailable': { message: 'The stream could not be read just now: subscribe again.' },
} as const satisfies ErrorTable;

/**
 * Why the book rejected an order or ended it early, one code per engine reason: the refusal of an
 * order placed now, and the reason an order in the history shows.
 */
export const ORDER_REASON_ERRORS = {
  'orderReason.invalidOrder': { message: 'The order is incomplete or malformed.' },
  'orderReason.invalidPrice': {
    message: "Price must be a whole number of ticks within the pair's bounds.",
    param: 'price',
  },
  'orderReason.invalidStopPrice': {
    message: "Stop price must be a whole number of ticks within the pair's bounds.",
    param: 'stopPrice',
  },
  'orderReason.invalidQuantity': {
    message: "Amount must be a whole number of lots within the pair's bounds.",
    param: 'amount',
  },
  'orderReason.invalidTotal': {
    message: "Total must be a whole number of value steps within the pair's bounds.",
    param: 'total',
  },
  'orderReason.belowMinValue': { message: 'The order value is below the minimum for this pair.' },
  'orderReason.duplicateId': { message: 'An open order already has this id.' },
  'orderReason.postOnlyWouldTake': {
    message: 'The post-only order would have traded at once, so it was not placed.',
  },
  'orderReason.stopWouldTrigger': { message: 'The last price has already reached the stop price.' },
  'orderReason.noLiquidity': {
    message: 'There are no orders on the other side of the book to trade with.',
  },
  'orderReason.fokUnfillable': {
    message: 'The fill-or-kill order could not be filled in full at once.',
  },
  'orderReason.iocRemainder': { message: 'The part that could not trade at once was not kept.' },
  'orderReason.fundsSpent': {
    message: 'The available balance ran out before the whole amount was bought.',
  },
  'orderReason.selfTrade': {
    message: 'The order would have traded with another order of the same account.',
  },
} as const satisfies ErrorTable;
