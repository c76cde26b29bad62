/** The memory of orders committed closed: what a refused cancel is answered from. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClosedOrders } from './closedOrders.ts';
import type { OrderRow } from './orderRows.ts';

function row(id: number, userId: number, status: OrderRow['status'], clientOrderId: string | null) {
  return { id, user_id: userId, status, client_order_id: clientOrderId } as OrderRow;
}

test('a closed order is answered by id and client order id, to its own account only', () => {
  const closed = new ClosedOrders();
  closed.note([
    row(1, 7, 'filled', 'mine'),
    row(2, 7, 'new', 'open'),
    row(3, 8, 'cancelled', null),
  ]);
  assert.equal(closed.statusOf(7, { id: 1 }), 'filled');
  assert.equal(closed.statusOf(7, { clientOrderId: 'mine' }), 'filled');
  assert.equal(closed.statusOf(8, { id: 3 }), 'cancelled');
  // Open orders are not remembered; another account's order is none of the caller's.
  assert.equal(closed.statusOf(7, { id: 2 }), undefined);
  assert.equal(closed.statusOf(7, { clientOrderId: 'open' }), undefined);
  assert.equal(closed.statusOf(8, { id: 1 }), undefined);
  assert.equal(closed.statusOf(8, { clientOrderId: 'mine' }), undefined);
});

test('the oldest closed orders are forgotten past the limit', () => {
  const closed = new ClosedOrders(2);
  closed.note([row(1, 7, 'filled', 'a'), row(2, 7, 'expired', 'b')]);
  closed.note([row(3, 7, 'cancelled', 'c')]);
  assert.equal(closed.statusOf(7, { id: 1 }), undefined);
  assert.equal(closed.statusOf(7, { clientOrderId: 'a' }), undefined);
  assert.equal(closed.statusOf(7, { id: 2 }), 'expired');
  assert.equal(closed.statusOf(7, { clientOrderId: 'c' }), 'cancelled');
});
