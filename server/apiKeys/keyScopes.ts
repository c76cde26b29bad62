/**
 * What an API key may call, method by method: the scope a key needs (`public`: any key, as the
 * method reads nothing of the account), or null for what only a person signed in on the site may
 * do (sessions, passwords, two-factor, keys themselves, identity papers, card payments, P2P
 * dealings with another person, socket tickets, staff work). The table is keyed by every method
 * name of the protocol, so a new method does not compile until it is placed here.
 *
 * Each call spends its weight from the key's per-minute budget (API_KEY_RATE_LIMIT): 1 unless
 * the method reads long histories or changes many things at once.
 */
import type { ApiKeyScope, MethodName } from '../../core/protocol/index.ts';

/** How a key may use one method: the scope it needs and the weight it spends. */
export interface KeyUse {
  scope: ApiKeyScope | 'public';
  weight: number;
}

const pub: KeyUse = { scope: 'public', weight: 1 };
const read: KeyUse = { scope: 'read', weight: 1 };
const trade: KeyUse = { scope: 'trade', weight: 1 };
const withdraw: KeyUse = { scope: 'withdraw', weight: 1 };
const heavy = (use: KeyUse, weight: number): KeyUse => ({ ...use, weight });

/** Every method's use by a key; null: not for keys. */
export const KEY_SCOPES: Readonly<Record<MethodName, KeyUse | null>> = {
  'server.getTime': pub,
  'apiKeys.create': null,
  'apiKeys.getItems': null,
  'apiKeys.revoke': null,

  'users.getInfo': read,
  'users.signUp': null,
  'users.signIn': null,
  'users.logout': null,
  'users.beginTwoFactor': null,
  'users.enableTwoFactor': null,
  'users.disableTwoFactor': null,
  'users.changePassword': null,
  'users.getSessions': null,
  'users.endOtherSessions': null,
  'users.forgotPassword': null,
  'users.resetPassword': null,
  'users.verifyEmail': null,
  'users.resendVerification': null,
  'users.setMailNotices': null,

  'currencies.getItems': heavy(read, 2),
  'markets.getItems': pub,
  'markets.getBook': heavy(pub, 2),
  'markets.getTrades': heavy(pub, 2),
  'markets.getCandles': heavy(pub, 2),
  'markets.getSocketTicket': null,
  'orders.place': trade,
  'orders.cancel': trade,
  'orders.get': read,
  'orders.cancelAll': heavy(trade, 10),
  'orders.getOpen': heavy(read, 2),
  'orders.getHistory': heavy(read, 5),
  'trades.getMine': heavy(read, 5),

  'wallet.getHistory': heavy(read, 5),
  'wallet.getNetworks': pub,
  'deposits.getAddress': read,
  'deposits.getMine': heavy(read, 3),
  'deposits.faucet': trade,
  'devnet.send': null,
  'transfers.send': withdraw,
  'withdrawals.request': withdraw,
  'withdrawals.cancel': withdraw,
  'withdrawals.getMine': heavy(read, 3),
  'withdrawals.confirm': null,
  'withdrawals.getPending': null,
  'withdrawals.review': null,
  'addressBook.getMine': read,
  'addressBook.add': null,
  'addressBook.remove': null,
  'addressBook.setOnlySaved': null,

  'swap.quote': trade,
  'swap.accept': trade,
  'swap.getMine': heavy(read, 3),
  'buy.quote': pub,
  'buy.getMine': heavy(read, 3),
  'buy.create': null,
  'buy.refund': null,
  'referral.getMine': read,
  'reserves.getLatest': pub,
  'reserves.getHistory': heavy(pub, 2),
  'reserves.getAddresses': heavy(pub, 2),
  'reserves.getMyProof': heavy(read, 5),
  'reserves.getSnapshots': null,
  'reserves.takeSnapshot': null,
  'reserves.getShortfalls': null,

  'p2p.getCatalogue': pub,
  'p2p.getFiatRates': pub,
  'p2p.getReferencePrice': pub,
  'p2p.getOffers': heavy(pub, 2),
  'p2p.getMyOffers': read,
  'p2p.getMyTrades': heavy(read, 3),
  'p2p.getTrade': read,
  'p2p.getTradeChat': null,
  'p2p.markTradeChatRead': null,
  'p2p.getPaymentDetails': null,
  'p2p.setPaymentDetails': null,
  'p2p.createOffer': null,
  'p2p.setOfferStatus': null,
  'p2p.openTrade': null,
  'p2p.markPaid': null,
  'p2p.cancelTrade': null,
  'p2p.releaseTrade': null,
  'p2p.disputeTrade': null,
  'p2p.setFiatRate': null,
  'p2p.getDisputes': null,
  'p2p.resolveDispute': null,

  'pages.getItem': pub,
  'faq.getItems': pub,
  'notices.getCurrent': pub,
  'notices.publish': null,
  'metrics.addVisitor': null,
  'metrics.addEvent': null,
  'push.getPublicKey': null,
  'push.subscribe': null,
  'kyc.getMine': null,
  'kyc.saveDraft': null,
  'kyc.attach': null,
  'kyc.submit': null,
  'kyc.getQueue': null,
  'kyc.getSubmission': null,
  'kyc.approve': null,
  'kyc.reject': null,
  'support.startVisitor': null,
  'support.getHistory': null,
  'support.markRead': null,
  'support.getSocketTicket': null,
  'support.getDialogs': null,
  'support.getDialog': null,
  'support.pinDialog': null,
  'support.setUserFlag': null,
};

/** How a key may use the method named `name`; null: not at all (nor any name not in the table). */
export function keyUseOf(name: string): KeyUse | null {
  return Object.hasOwn(KEY_SCOPES, name) ? (KEY_SCOPES[name as MethodName] ?? null) : null;
}
