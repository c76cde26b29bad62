/**
 * The orders this server saw committed closed lately, so that a cancel of one (a program
 * cancelling an order that filled a moment ago) is refused as closed without reading the order
 * back. Only committed batches feed it, and a closed order never opens again, so what it answers
 * is what the database would; what it has forgotten, or never heard, is read from the database.
 */
import type { OrderRef } from './Command.ts';
import { isOpen, type OrderRow } from './orderRows.ts';

/** How many closed orders are remembered; the oldest are forgotten first. */
export const CLOSED_REMEMBERED = 65_536;

/** See the file comment. */
export class ClosedOrders {
  /** Order id -> its account and final status. */
  private readonly byId = new Map<number, { userId: number; status: OrderRow['status'] }>();
  /** `userId:clientOrderId` -> the order's id, for orders placed with a client order id. */
  private readonly byClientId = new Map<string, number>();

  constructor(private readonly limit = CLOSED_REMEMBERED) {}

  /** Notes the orders a committed batch left closed. */
  note(rows: readonly OrderRow[]): void {
    for (const row of rows) {
      if (isOpen(row) || this.byId.has(row.id)) continue;
      this.byId.set(row.id, { userId: row.user_id, status: row.status });
      if (row.client_order_id !== null) {
        this.byClientId.set(clientKey(row.user_id, row.client_order_id), row.id);
      }
    }
    this.forgetOldest();
  }

  /** The final status of the account's order `ref` names, if it is remembered closed. */
  statusOf(userId: number, ref: OrderRef): OrderRow['status'] | undefined {
    const id = 'id' in ref ? ref.id : this.byClientId.get(clientKey(userId, ref.clientOrderId));
    if (id === undefined) return undefined;
    const closed = this.byId.get(id);
    return closed?.userId === userId ? closed.status : undefined;
  }

  private forgetOldest(): void {
    for (const id of this.byId.keys()) {
      if (this.byId.size <= this.limit) break;
      this.byId.delete(id);
    }
    for (const key of this.byClientId.keys()) {
      if (this.byClientId.size <= this.limit) break;
      this.byClientId.delete(key);
    }
  }
}

function clientKey(userId: number, clientOrderId: string): string {
  return `${userId}:${clientOrderId}`;
}
