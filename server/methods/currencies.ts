/**
 * currencies.getItems: the listed currencies with their precision and networks, or the signed-in
 * user's wallets.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Currency, Ticker } from '../../core/protocol/index.ts';
import { params } from '../http/fields.ts';
import type { Queryable } from '../storage/db.ts';
import { priceCharts } from '../trading/candles.ts';
import { networkTerms } from '../wallet/chains/networkTerms.ts';
import type { ChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { transferDecimals } from '../wallet/transfers.ts';
import { listWallets } from '../wallet/wallets.ts';
import { defineMethod, type Method, requireAccount } from './registry.ts';

/** The largest `limit` the wallet list accepts. */
export const MAX_WALLET_LIMIT = 1000;

const getItems = defineMethod({
  name: 'currencies.getItems',
  // Public because the currency list is fetched at start by visitors; `limit` asks for the
  // caller's own wallets and then needs a signed-in account (a support-chat visitor has none).
  access: 'public',
  params: params({ limit: z.number().int().min(1).max(MAX_WALLET_LIMIT).exactOptional() }),
  async handler(params, ctx) {
    if (params.limit === undefined) return { items: await listCurrencies(ctx.db, ctx.chains) };
    const caller = requireAccount(ctx.caller);
    const wallets = await listWallets(ctx.db, caller.user.id, priceCharts);
    return { wallets: wallets.slice(0, params.limit) };
  },
});

/**
 * Every listed currency with its USD reference price, in listing order: its precision (what a
 * transfer takes) and its networks' terms, as the wallet enforces them (networkTerms.ts).
 */
export async function listCurrencies(db: Queryable, chains: ChainAdapters): Promise<Currency[]> {
  const rows = await db
    .selectFrom('currencies')
    .select(['id', 'ticker', 'name', sql<string>`trim_scale(price)::text`.as('price')])
    .orderBy('position')
    .execute();
  return rows.map((row) => {
    const ticker = row.ticker as Ticker;
    return {
      ...row,
      ticker,
      precision: transferDecimals(ticker),
      networks: networkTerms(ticker, chains),
    };
  });
}

/** The currencies.* methods. */
export const currencyMethods: readonly Method[] = [getItems];
