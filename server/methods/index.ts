/**
 * Every API method the server answers, with its access level. A method of protocol.ts missing
 * here is not built yet and answers 'Unknown method'.
 */

import { addressBookMethods } from './addressBook.ts';
import { apiKeyMethods } from './apiKeys.ts';
import { buyMethods } from './buy.ts';
import { currencyMethods } from './currencies.ts';
import { depositMethods } from './deposits.ts';
import { devnetMethods } from './devnet.ts';
import { faqMethods } from './faq.ts';
import { kycMethods } from './kyc.ts';
import { marketMethods } from './markets.ts';
import { metricMethods } from './metrics.ts';
import { noticeMethods } from './notices.ts';
import { orderMethods } from './orders.ts';
import { p2pMethods } from './p2p.ts';
import { pageMethods } from './pages.ts';
import { pushMethods } from './push.ts';
import { referralMethods } from './referral.ts';
import type { Method } from './registry.ts';
import { reserveMethods } from './reserves.ts';
import { serverMethods } from './server.ts';
import { supportMethods } from './support.ts';
import { swapMethods } from './swap.ts';
import { transferMethods } from './transfers.ts';
import { userMethods } from './users.ts';
import { walletMethods } from './wallet.ts';
import { withdrawalMethods } from './withdrawals.ts';

/** The registered methods, in no particular order. */
export const methods: readonly Method[] = [
  ...userMethods,
  ...currencyMethods,
  ...metricMethods,
  ...pageMethods,
  ...faqMethods,
  ...noticeMethods,
  ...supportMethods,
  ...pushMethods,
  ...marketMethods,
  ...orderMethods,
  ...depositMethods,
  ...devnetMethods,
  ...transferMethods,
  ...walletMethods,
  ...withdrawalMethods,
  ...addressBookMethods,
  ...buyMethods,
  ...swapMethods,
  ...kycMethods,
  ...referralMethods,
  ...reserveMethods,
  ...p2pMethods,
  ...apiKeyMethods,
  ...serverMethods,
];

/** The registered methods by wire name. */
export const methodsByName: ReadonlyMap<string, Method> = new Map(
  methods.map((method) => [method.name, method]),
);
