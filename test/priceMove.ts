/** A price move for tests: one trade on a pair that has not traded yet. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/storage/db.ts';
import { fundedAccount, ok } from './serverTesting.ts';

/**
 * Trades 1 LTC between two fresh accounts at a price other than LTC's reference price `now`
 * (in USD, per LTC), and returns that price: LTC has not traded before in the test's database.
 */
export async function tradeAway(app: FastifyInstance, db: Database, now: number): Promise<string> {
  const price = (Math.round(now * 1.1 * 100) / 100).toFixed(2);
  const order = { pair: 'LTC_USDT', type: 'limit', price, amount: '1' } as const;
  const seller = await fundedAccount(app, db, { LTC: '1' });
  await ok(app, 'orders.place', { ...order, side: 'sell' }, { token: seller.token });
  const buyer = await fundedAccount(app, db, { USDT: '1000' });
  await ok(app, 'orders.place', { ...order, side: 'buy' }, { token: buyer.token });
  return price;
}
