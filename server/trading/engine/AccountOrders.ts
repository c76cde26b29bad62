/** Each account's open orders in one book, so cancelling all of them never scans the book. */
import type { BookOrder } from './BookOrder.ts';

interface AccountList {
  head: BookOrder | null;
  tail: BookOrder | null;
}

/** Per-account intrusive lists of open orders (resting and waiting stops), in entering order. */
export class AccountOrders {
  private readonly lists = new Map<number, AccountList>();

  /** Adds an order at the end of its account's list. */
  add(order: BookOrder): void {
    let list = this.lists.get(order.accountId);
    if (list === undefined) {
      list = { head: null, tail: null };
      this.lists.set(order.accountId, list);
    }
    order.accountPrev = list.tail;
    order.accountNext = null;
    if (list.tail === null) list.head = order;
    else list.tail.accountNext = order;
    list.tail = order;
  }

  /** Unlinks an order from its account's list in O(1); the order must be in it. */
  remove(order: BookOrder): void {
    const list = this.lists.get(order.accountId);
    if (list === undefined) return;
    const { accountPrev: prev, accountNext: next } = order;
    if (prev === null) list.head = next;
    else prev.accountNext = next;
    if (next === null) list.tail = prev;
    else next.accountPrev = prev;
    order.accountPrev = null;
    order.accountNext = null;
    if (list.head === null) this.lists.delete(order.accountId);
  }

  /** The account's open orders, oldest first (a copy, safe to cancel while iterating). */
  of(accountId: number): BookOrder[] {
    const orders: BookOrder[] = [];
    for (let order = this.lists.get(accountId)?.head ?? null; order; order = order.accountNext) {
      orders.push(order);
    }
    return orders;
  }
}
