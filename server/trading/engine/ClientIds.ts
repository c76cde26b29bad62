/**
 * Which order each (account, client order id) names: every open order that has one, and the most
 * recently ended ones, for idempotent placing. Keyed by account, then by the caller's own string,
 * so a lookup builds no `${account}:${id}` key: that string was the one allocation left on the
 * path of an order with a client id.
 */
import type { BookOrder } from './BookOrder.ts';

/** The orders a book knows by client order id (see the file comment). */
export class ClientIds {
  private readonly byAccount = new Map<number, Map<string, BookOrder>>();
  /** The ended orders still known, oldest at `next` (a ring, overwritten in turn). */
  private readonly finished: (BookOrder | null)[];
  private next = 0;

  /** Keeps the `remember` most recently ended orders known, besides the open ones. */
  constructor(remember: number) {
    this.finished = new Array<BookOrder | null>(remember).fill(null);
  }

  /** The order `accountId` placed as `clientOrderId`, if the book still knows it. */
  get(accountId: number, clientOrderId: string): BookOrder | undefined {
    return this.byAccount.get(accountId)?.get(clientOrderId);
  }

  /** Files an order under its client order id (it has one). */
  set(order: BookOrder): void {
    let mine = this.byAccount.get(order.accountId);
    if (mine === undefined) {
      // Kept when emptied: an account that trades once tends to trade again.
      mine = new Map();
      this.byAccount.set(order.accountId, mine);
    }
    mine.set(order.clientOrderId as string, order);
  }

  /** Forgets an order's client order id, if it is the order filed under it. */
  delete(order: BookOrder): void {
    const mine = this.byAccount.get(order.accountId);
    const clientOrderId = order.clientOrderId as string;
    if (mine?.get(clientOrderId) === order) mine.delete(clientOrderId);
  }

  /**
   * Keeps an ended order known among the most recent ones; returns the order that falls out of
   * them (forgotten, its record free for reuse), or null.
   */
  retire(order: BookOrder): BookOrder | null {
    const finished = this.finished;
    if (finished.length === 0) {
      this.delete(order);
      return order;
    }
    const evicted = finished[this.next] as BookOrder | null;
    if (evicted !== null) this.delete(evicted);
    finished[this.next] = order;
    this.next = this.next + 1 === finished.length ? 0 : this.next + 1;
    return evicted;
  }
}
