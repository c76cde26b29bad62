/** Refusals about balances and amounts, networks, destination addresses, deposits and the faucet. */
import type { ErrorTable } from './entry.ts';

/** What the ledger, the chains, deposits and the devnet faucet answer when they refuse. */
export const WALLET_ERRORS = {
  'wallet.insufficientFunds': { message: 'Insufficient {ticker} balance.' },
  'wallet.ledgerAmount': {
    message: 'Amount must be a positive number with at most 18 decimals.',
    param: 'amount',
  },
  'wallet.ledgerReason': { message: 'A ledger entry needs a reason.' },
  'wallet.unknownCurrency': { message: 'Unknown currency {ticker}.' },
  'wallet.amountFormat': { message: 'Amount must be a number such as "0.5".', param: 'amount' },
  'wallet.amountDigits': { message: 'Amount has too many digits.', param: 'amount' },
  'wallet.notPositive': { message: 'Amount must be greater than zero.', param: 'amount' },
  'wallet.assetDecimals': {
    message: 'A {ticker} amount can have at most {decimals} decimals.',
    param: 'amount',
  },
  'wallet.networkDecimals': {
    message: 'Amount has more decimals than {asset} on {network} allows ({decimals}).',
    param: 'amount',
  },
  'wallet.unknownNetwork': { message: 'Unknown network "{network}".', param: 'network' },
  'wallet.notOnNetwork': {
    message: '{asset} cannot be moved on the network "{network}"; choose {networks}.',
    param: 'network',
  },
  'address.empty': { message: 'Enter the {network} address to send to.', param: 'address' },
  'address.testnet': {
    message:
      'This is {foreign} address; withdrawals go to the {network} main network. Paste an address from {aNetwork} wallet.',
    param: 'address',
  },
  'address.checksum': {
    message:
      'This {network} address has a mistake: a character is wrong, missing or swapped ({how}). Copy it again from the receiving wallet rather than typing it.',
    param: 'address',
  },
  'address.otherNetwork': {
    message:
      'This is {elsewhere} address, not {aNetwork} one. Choose the network it belongs to, or paste {aNetwork} address: coins sent on the wrong network are lost.',
    param: 'address',
  },
  'address.format': {
    message: 'This is not {aNetwork} address: {aNetwork} address {hint}.',
    param: 'address',
  },
  'address.noTag': {
    message: '{network} addresses take no tag or memo: leave it empty.',
    param: 'tag',
  },
  'address.tagRequired': {
    message:
      'Enter the {tag} the receiving exchange or wallet gave you with this address. If it gave none, confirm that you are sending without a {tag}.',
    param: 'tag',
  },
  'address.tagFormat': { message: 'A {tag} is a whole number from 0 to {max}.', param: 'tag' },
  'address.tagMismatch': {
    message:
      'This address already carries {tag} {carried}; leave the tag empty or enter the same number.',
    param: 'tag',
  },
  'deposit.unavailable': {
    message: 'Deposits on {network} are not available right now; please try again later.',
    param: 'network',
  },
  'faucet.devnetOff': {
    message: 'The faucet works only on the devnet, and the devnet is off here.',
  },
  'faucet.realChain': {
    message:
      '{network} is a real chain on this exchange: the faucet sends test coins on devnet networks only.',
    param: 'network',
  },
  'faucet.tooMuch': {
    message: 'The faucet sends at most {max} {asset} at a time (test coins).',
    param: 'amount',
  },
  'faucet.tooOften': {
    message: 'The faucet sends {sends} times an hour at most; try again in {wait}.',
  },
} as const satisfies ErrorTable;
