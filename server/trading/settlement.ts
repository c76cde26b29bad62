/**
 * Settlement: what the engine's events mean for people's money, as ledger postings. Pure (no
 * database): the market hands it the orders involved and gets back every posting, in order.
 *
 * - Placing holds what the order could spend: a sell its amount of the base, a limit buy price ×
 *   amount of USDT, a market buy its total. The hold moves from the account's available balance
 *   to its held balance of the same currency. An order that ends as it is placed (it filled or
 *   expired at once) holds nothing: its trades take from the available balance directly.
 * - A trade moves the seller's held base to the buyer and the buyer's held USDT to the seller at
 *   the maker's price; each side then pays its fee (maker or taker) out of what it received, to
 *   the exchange's fee account. A limit buy that trades below its limit frees the difference.
 * - When an order ends (filled, cancelled, expired), what it still holds goes back.
 */
import { feeOf } from '../../core/markets/fees.ts';
import type { PairSpec } from '../../core/markets/pairs.ts';
import { fromLots, fromNotional, fromTicks } from '../../core/markets/units.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import type { LedgerAccount, Posting } from '../wallet/ledger.ts';
import type { EngineEvent, OrderUpdate, Side, TradeEvent } from './engine/index.ts';

/** What settlement keeps about an open order: whose it is and what it still holds. */
export interface HeldOrder {
  id: number;
  userId: number;
  side: Side;
  /** A limit buy's price in ticks (what its hold was priced at), else null. */
  limitTicks: number | null;
  /** What the order still holds: lots of the base for a sell, notional units for a buy. */
  holdLeft: number;
  /**
   * False for an order that ended as it was placed: it spends from the available balance and
   * has no hold to release, though `holdLeft` still bounds what it may spend.
   */
  holds: boolean;
}

/** The fee rates as decimal fractions of what each side receives ("0.001" is 0.1 %). */
export interface FeeRates {
  maker: string;
  taker: string;
}

/** A trade as recorded, with the fees each side paid. */
export interface SettledTrade {
  id: number;
  event: TradeEvent;
  makerFee: string;
  takerFee: string;
}

/** What one engine operation settles to. */
export interface Settlement {
  postings: Posting[];
  trades: SettledTrade[];
  /** The last update of every order the operation touched, by id. */
  updates: Map<number, OrderUpdate>;
}

const isPositive = (amount: string) => /[1-9]/.test(amount);

/** Whether two sides of a posting are the same ledger account. */
function sameAccount(a: LedgerAccount, b: LedgerAccount): boolean {
  if ('system' in a || 'system' in b)
    return 'system' in a && 'system' in b && a.system === b.system;
  return a.user === b.user && (a.held === true) === (b.held === true);
}

/** Where an order's trades take its money from: its hold, or the available balance. */
function spendingAccount(order: HeldOrder): LedgerAccount {
  return order.holds ? { user: order.userId, held: true } : { user: order.userId };
}

/** Turns engine events into postings; `orders` must hold every order the events name. */
export class Settler {
  constructor(
    private readonly pair: PairSpec,
    private readonly fees: FeeRates,
    /** Gives each trade its id, in order. */
    private readonly nextTradeId: () => number,
  ) {}

  private get base(): Ticker {
    return this.pair.base;
  }

  /** The amount a hold of `units` is, in its currency. */
  holdAmount(side: Side, units: number): { ticker: Ticker; amount: string } {
    return side === 'sell'
      ? { ticker: this.base, amount: fromLots(this.pair, units) }
      : { ticker: 'USDT', amount: fromNotional(this.pair, units) };
  }

  /** The posting that holds what a new order could spend. */
  hold(order: HeldOrder, reason: string): Posting | null {
    if (!order.holds) return null;
    const { ticker, amount } = this.holdAmount(order.side, order.holdLeft);
    if (!isPositive(amount)) return null;
    return {
      from: { user: order.userId },
      to: { user: order.userId, held: true },
      ticker,
      amount,
      reason,
    };
  }

  /** The posting that gives back `units` of an order's hold. */
  private release(order: HeldOrder, units: number, reason: string): Posting | null {
    if (units <= 0) return null;
    order.holdLeft -= units;
    if (!order.holds) return null;
    const { ticker, amount } = this.holdAmount(order.side, units);
    return {
      from: { user: order.userId, held: true },
      to: { user: order.userId },
      ticker,
      amount,
      reason,
    };
  }

  /** Settles one operation's events; mutates the orders' `holdLeft`. */
  settle(events: readonly EngineEvent[], orders: ReadonlyMap<number, HeldOrder>): Settlement {
    const settlement: Settlement = { postings: [], trades: [], updates: new Map() };
    const find = (id: number): HeldOrder => {
      const order = orders.get(id);
      if (order === undefined) throw new Error(`settlement: order ${id} is unknown`);
      return order;
    };
    for (const event of events) {
      if (event.type === 'trade') this.trade(event, find, settlement);
      else if (event.type === 'order') {
        settlement.updates.set(event.id, event);
        const ended = event.status !== 'new' && event.status !== 'partiallyFilled';
        const order = find(event.id);
        if (ended) {
          const posting = this.release(order, order.holdLeft, `Order ${event.id} ${event.status}`);
          if (posting !== null) settlement.postings.push(posting);
        }
      }
    }
    return settlement;
  }

  private trade(event: TradeEvent, find: (id: number) => HeldOrder, into: Settlement): void {
    const maker = find(event.makerOrderId);
    const taker = find(event.takerOrderId);
    const [buyer, seller] = event.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const id = this.nextTradeId();
    const notional = event.priceTicks * event.lots;
    const baseAmount = fromLots(this.pair, event.lots);
    const quoteAmount = fromNotional(this.pair, notional);
    const buyerRate = buyer === taker ? this.fees.taker : this.fees.maker;
    const sellerRate = seller === taker ? this.fees.taker : this.fees.maker;
    const buyerFee = feeOf(baseAmount, buyerRate);
    const sellerFee = feeOf(quoteAmount, sellerRate);
    const what = `Trade ${id} on ${this.pair.symbol}: ${baseAmount} ${this.base} at ${fromTicks(this.pair, event.priceTicks)} USDT`;
    const postings = into.postings;
    seller.holdLeft -= event.lots;
    buyer.holdLeft -= notional;
    const exchanged: Posting[] = [
      {
        from: spendingAccount(seller),
        to: { user: buyer.userId },
        ticker: this.base,
        amount: baseAmount,
        reason: what,
      },
      {
        from: spendingAccount(buyer),
        to: { user: seller.userId },
        ticker: 'USDT',
        amount: quoteAmount,
        reason: what,
      },
    ];
    // A self-trade (allowed with selfTrade "none") by an order that holds nothing pays from an
    // account to the same account: that moves nothing, and the ledger refuses such an entry.
    postings.push(...exchanged.filter((posting) => !sameAccount(posting.from, posting.to)));
    if (isPositive(buyerFee)) {
      postings.push({
        from: { user: buyer.userId },
        to: { system: 'fees' },
        ticker: this.base,
        amount: buyerFee,
        reason: `Trade ${id} fee`,
      });
    }
    if (isPositive(sellerFee)) {
      postings.push({
        from: { user: seller.userId },
        to: { system: 'fees' },
        ticker: 'USDT',
        amount: sellerFee,
        reason: `Trade ${id} fee`,
      });
    }
    // A limit buy holds at its own price; trading below it frees the difference at once.
    if (buyer.limitTicks !== null && buyer.limitTicks > event.priceTicks) {
      const saved = (buyer.limitTicks - event.priceTicks) * event.lots;
      const posting = this.release(buyer, saved, `Order ${buyer.id} bought below its limit price`);
      if (posting !== null) postings.push(posting);
    }
    into.trades.push({
      id,
      event,
      makerFee: buyer === maker ? buyerFee : sellerFee,
      takerFee: buyer === taker ? buyerFee : sellerFee,
    });
  }
}

/** What an open order still holds, from its request and progress (the rule `hold` follows). */
export function holdLeftOf(order: {
  side: Side;
  type: 'limit' | 'market' | 'stopLimit' | 'stopMarket';
  priceTicks: number | null;
  lots: number | null;
  total: number | null;
  filledLots: number;
  filledNotional: number;
}): number {
  if (order.side === 'sell') return (order.lots ?? 0) - order.filledLots;
  if (order.priceTicks !== null && order.lots !== null) {
    return order.priceTicks * (order.lots - order.filledLots);
  }
  return (order.total ?? 0) - order.filledNotional;
}
