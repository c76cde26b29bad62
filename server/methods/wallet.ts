/**
 * wallet.*: the account's history of ledger entries, and the networks each asset moves on with
 * what they need and cost, disclosed before anyone deposits or withdraws.
 */
import { z } from 'zod';
import { ASSETS, HISTORY_KINDS, QUOTE, type Ticker } from '../../core/protocol/index.ts';
import { params, tickerField } from '../http/fields.ts';
import { networkTerms } from '../wallet/chains/networkTerms.ts';
import { accountHistory, MAX_HISTORY_PAGE } from '../wallet/history.ts';
import { defineMethod, type Method } from './registry.ts';

const history = defineMethod({
  name: 'wallet.getHistory',
  access: 'user',
  params: params({
    ticker: tickerField().exactOptional(),
    kind: z.enum(HISTORY_KINDS).exactOptional(),
    limit: z.number().int().min(1).max(MAX_HISTORY_PAGE).exactOptional(),
    before: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).exactOptional(),
  }),
  async handler(filters, { caller, db }) {
    return { entries: await accountHistory(db, caller.user.id, filters) };
  },
});

const TICKERS: readonly Ticker[] = [...ASSETS, QUOTE];

const networks = defineMethod({
  name: 'wallet.getNetworks',
  access: 'public',
  params: params({}),
  async handler(_params, { chains }) {
    return { assets: TICKERS.map((asset) => ({ asset, networks: networkTerms(asset, chains) })) };
  },
});

/** The wallet.* methods. */
export const walletMethods: readonly Method[] = [history, networks];
