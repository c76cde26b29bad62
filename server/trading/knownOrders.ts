/** The orders a batch's client order ids already name, read in the batch's transaction. */
import { sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';
import type { ClientOrderId } from './Command.ts';
import type { OrderRow } from './orderRows.ts';

/**
 * The stored orders these client order ids name (placing one again returns it), each as the
 * market holds it in memory when it is still open.
 */
export async function knownOrders(
  trx: Queryable,
  asked: readonly ClientOrderId[],
  open: Pick<ReadonlyMap<number, OrderRow>, 'get'>,
): Promise<OrderRow[]> {
  if (asked.length === 0) return [];
  const { rows } = await sql<OrderRow>`select * from orders
    where (user_id, client_order_id) in (select * from unnest(
      ${asked.map((a) => a.userId)}::integer[], ${asked.map((a) => a.clientOrderId)}::text[]))`.execute(
    trx,
  );
  return rows.map((row) => open.get(row.id) ?? row);
}
