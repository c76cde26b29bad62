/** One order of an account, found by the reference a caller gives, whatever its state. */
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import type { OrderRef } from './Command.ts';
import type { ClosedOrders } from './closedOrders.ts';
import { isOpen, type OrderRow } from './orderRows.ts';

/** A reference as a refusal names it: `42`, or `with client order id "my-1"`. */
export function refText(ref: OrderRef): string {
  return 'id' in ref ? String(ref.id) : `with client order id "${ref.clientOrderId}"`;
}

/** The account's stored order a reference names (committed state), or undefined. */
export async function findOrder(
  db: Queryable,
  userId: number,
  ref: OrderRef,
): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  return 'id' in ref
    ? query.where('id', '=', ref.id).executeTakeFirst()
    : query.where('client_order_id', '=', ref.clientOrderId).executeTakeFirst();
}

/** The account's order a reference names; `order.notFound` when it has none. */
export async function requireOrder(
  db: Queryable,
  userId: number,
  ref: OrderRef,
): Promise<OrderRow> {
  const row = await findOrder(db, userId, ref);
  if (row === undefined) throw refusal('order.notFound', { ref: refText(ref) });
  return row;
}

/**
 * Why an order could not be cancelled, once the market found no open order by the reference:
 * `order.closed` with its state when the account has it (it filled, was cancelled or expired),
 * else `order.notFound` as the market said. An order this server saw committed closed lately is
 * answered from `closed` without reading it back.
 */
export async function cancelRefusal(
  db: Queryable,
  userId: number,
  ref: OrderRef,
  notFound: Error,
  closed?: ClosedOrders,
): Promise<Error> {
  const remembered = closed?.statusOf(userId, ref);
  if (remembered !== undefined)
    return refusal('order.closed', { ref: refText(ref), status: remembered });
  const row = await findOrder(db, userId, ref);
  if (row === undefined || isOpen(row)) return notFound;
  return refusal('order.closed', { ref: refText(ref), status: row.status });
}
