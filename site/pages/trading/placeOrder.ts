/** Placing an order from the form: the call, and its answer in words. */
import {
  call,
  formatAmount,
  formatPairAmount,
  formatPrice,
  PAIRS,
  type PairSymbol,
  type PlaceOrderParams,
} from '../../../core/index.ts';

/** What placing came to: the confirmation to announce, or the reason to show. */
export type PlaceOutcome = { placed: true; message: string } | { placed: false; error: string };

/**
 * Sends the order under a fresh client order id and words the answer: "Order placed: buy
 * 0.01 BTC at market.", the server's refusal, or a failed connection.
 */
export async function placeOrder(
  pair: PairSymbol,
  params: PlaceOrderParams,
): Promise<PlaceOutcome> {
  const spec = PAIRS[pair];
  const clientOrderId = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const reply = await call('orders.place', { ...params, clientOrderId }).catch(() => null);
  if (reply === null) {
    return {
      placed: false,
      error: 'The order could not be sent. Check your connection and try again.',
    };
  }
  if (!reply.status) {
    return { placed: false, error: reply.error_msg };
  }
  const { order } = reply;
  const what =
    order.amount === null
      ? `${formatAmount(order.total ?? '0')} ${spec.quote} of ${spec.base}`
      : `${formatPairAmount(pair, order.amount)} ${spec.base}`;
  const where =
    order.price === null ? 'at market' : `at ${formatPrice(pair, order.price)} ${spec.quote}`;
  return { placed: true, message: `Order placed: ${order.side} ${what} ${where}.` };
}
