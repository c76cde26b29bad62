/**
 * Traders for the spot market's fault test and placement bench: funded accounts with sessions,
 * made straight in the database (a password hash each would dominate the set-up), and a seeded
 * stream of what traders do — limit orders near the touch on both sides, IOC, FOK and post-only
 * orders, market and stop orders, cancels and cancel-alls — sent to the real API over HTTP.
 */
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromLots, fromNotional, fromTicks, toTicks } from '../../core/markets/units.ts';
import {
  API_PATH,
  type PlaceOrderParams,
  type SpotOrder,
  type Ticker,
} from '../../core/protocol/index.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import { createUser } from '../../server/accounts/users.ts';
import type { Config } from '../../server/config.ts';
import { DEPOSIT_REASON, SEED_CURRENCIES, seed } from '../../server/content/seed.ts';
import type { Database } from '../../server/storage/db.ts';
import { post } from '../../server/wallet/ledger.ts';

/** The pairs the traders trade: few enough that orders meet, with very different steps. */
export const TRADED_PAIRS: readonly PairSymbol[] = ['BTC_USDT', 'ETH_USDT', 'DOGE_USDT'];

/** What each trader is given, as 'Deposit' entries. */
export const TRADER_FUNDS: Readonly<Partial<Record<Ticker, string>>> = {
  BTC: '2',
  ETH: '40',
  DOGE: '400000',
  USDT: '300000',
};

/** An account with a session token, funded unless it was made with no funds. */
export interface Trader {
  userId: number;
  token: string;
  email: string;
  login: string;
}

/**
 * Seeds the currencies and makes `count` traders with sessions, each given `funds`. With
 * `referrals`, every odd trader was referred by the one before it, so trades pay commissions
 * between traders: some to a side of the same trade, some to both sides' referrers at once.
 */
export async function prepareTraders(
  db: Database,
  config: Config,
  count: number,
  funds: Readonly<Partial<Record<Ticker, string>>> = TRADER_FUNDS,
  options: { referrals?: boolean } = {},
): Promise<Trader[]> {
  await seed(db, config);
  const traders: Trader[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i += 1) {
    const user = await createUser(db, {
      email: `trader-${stamp}-${i}@example.com`,
      passwordHash: 'none',
      login: `trader${i}`,
      ip: '127.0.0.1',
      domain: 'localhost',
      referredBy: options.referrals && i % 2 === 1 ? (traders[i - 1]?.userId ?? null) : null,
    });
    for (const [ticker, amount] of Object.entries(funds)) {
      await post(db, {
        from: { system: 'deposits' },
        to: { user: user.id },
        ticker: ticker as Ticker,
        amount,
        reason: DEPOSIT_REASON,
      });
    }
    // Made in the database, as the seed makes the demo account: no mailbox to follow a link from.
    await db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const token = await createSession(db, user.id, '127.0.0.1', 1);
    traders.push({ userId: user.id, token, email: user.email, login: user.login });
  }
  return traders;
}

/** What one API call answered: the envelope's fields. */
export type ApiAnswer = { status: boolean; error_msg?: string } & Record<string, unknown>;

/** Calls one API method as the site does (a text/plain JSON body); rejects if the server is gone. */
export async function callApi(
  baseUrl: string,
  method: string,
  token: string,
  params: object,
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${API_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ method, token, subId: '', ...params }),
  });
  return (await response.json()) as ApiAnswer;
}

/** One step of a trader: a placement, a cancel or a cancel-all, as the API takes it. */
export type TraderStep =
  | { method: 'orders.place'; params: PlaceOrderParams & { clientOrderId: string } }
  | { method: 'orders.cancel'; params: { id: number } | { clientOrderId: string } }
  | { method: 'orders.cancelAll'; params: { pair?: PairSymbol } };

/** The middle of each traded pair's market, in ticks, from the seeded reference prices. */
const MID_TICKS: ReadonlyMap<PairSymbol, number> = new Map(
  TRADED_PAIRS.map((pair) => {
    const base = pair.slice(0, pair.indexOf('_'));
    const price = SEED_CURRENCIES.find((c) => c.ticker === base)?.price ?? '1';
    const spec = PAIRS[pair];
    return [pair, toTicks(spec, Number(price).toFixed(spec.priceDecimals))];
  }),
);

/**
 * A trader's seeded stream of steps. `open` is what the trader believes is open (ids and client
 * ids of its acknowledged resting orders), so cancels mostly name real orders and sometimes
 * stale ones, as real clients' do.
 */
export class StepStream {
  private placed = 0;

  /** `cancels`: the share of steps that cancel (one in ten of those cancels everything). */
  constructor(
    private readonly next: () => number,
    private readonly name: string,
    private readonly cancels = 0.2,
  ) {}

  step(open: readonly SpotOrder[]): TraderStep {
    const roll = this.next() / this.cancels;
    const order = open[Math.floor(this.next() * open.length)];
    if (roll < 0.9 && order !== undefined) {
      return {
        method: 'orders.cancel',
        params:
          order.clientOrderId !== null && this.next() < 0.5
            ? { clientOrderId: order.clientOrderId }
            : { id: order.id },
      };
    }
    if (roll < 1) {
      return { method: 'orders.cancelAll', params: this.next() < 0.5 ? {} : { pair: this.pair() } };
    }
    return { method: 'orders.place', params: this.order() };
  }

  /** The next placement alone. */
  placement(): Extract<TraderStep, { method: 'orders.place' }> {
    return { method: 'orders.place', params: this.order() };
  }

  private pair(): PairSymbol {
    return TRADED_PAIRS[Math.floor(this.next() * TRADED_PAIRS.length)] ?? 'BTC_USDT';
  }

  private order(): PlaceOrderParams & { clientOrderId: string } {
    const pair = this.pair();
    const spec = PAIRS[pair];
    const mid = MID_TICKS.get(pair) ?? 1;
    const side = this.next() < 0.5 ? 'buy' : 'sell';
    // Buyers bid a little under the middle and sellers ask a little over it, overlapping often.
    const away = Math.floor(this.next() * 40) - 10;
    const priceTicks = Math.max(1, side === 'buy' ? mid - away : mid + away);
    const minLots = Math.ceil(spec.minNotional / priceTicks);
    const lots = minLots * (1 + Math.floor(this.next() * 12));
    this.placed += 1;
    const clientOrderId = `${this.name}-${this.placed}`;
    const price = fromTicks(spec, priceTicks);
    const amount = fromLots(spec, lots);
    const kind = this.next();
    const common = { pair, side, clientOrderId } as const;
    if (kind < 0.55) return { ...common, type: 'limit', price, amount };
    if (kind < 0.65) return { ...common, type: 'limit', price, amount, timeInForce: 'IOC' };
    if (kind < 0.7) return { ...common, type: 'limit', price, amount, timeInForce: 'FOK' };
    if (kind < 0.75) return { ...common, type: 'limit', price, amount, postOnly: true };
    if (kind < 0.85) {
      // A market buy spends a total half the time; the other orders give an amount.
      return side === 'buy' && this.next() < 0.5
        ? { ...common, type: 'market', total: fromNotional(spec, priceTicks * lots) }
        : { ...common, type: 'market', amount };
    }
    // Stops wait beyond the touch: a buy stop above the middle, a sell stop below it.
    const stopTicks = side === 'buy' ? mid + 5 + (away & 7) : mid - 5 - (away & 7);
    const stopPrice = fromTicks(spec, Math.max(1, stopTicks));
    return kind < 0.93
      ? { ...common, type: 'stopLimit', price, stopPrice, amount }
      : { ...common, type: 'stopMarket', stopPrice, amount };
  }
}
