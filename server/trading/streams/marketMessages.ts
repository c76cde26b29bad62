/** What the market socket takes from a client (core/protocol/marketStreams.ts), as a schema. */
import { z } from 'zod';
import type { MarketClientMessage } from '../../../core/protocol/index.ts';
import { type Reading, read } from '../../http/fields.ts';
import { pairField } from '../orderParams.ts';

const interval = z.enum(['1m', '5m', '15m', '1h', '4h', '1d']);
const verb = z.enum(['subscribe', 'unsubscribe']);
const version = z.literal(1);
/** Shapes the key checks refuse by their own codes (apiKey.*), as a signed call's headers. */
const signedPart = z.union([z.number(), z.string().max(32)]);

const ORDER_REQUESTS = ['place', 'cancel', 'cancelAll'] as const;

/** An order request's id: what a program matches its answer by. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An order request: a place, a cancel or a cancelAll, with its id. */
const orderRequestSchema = z.strictObject({
  v: version,
  type: z.enum(ORDER_REQUESTS),
  id: z.string().regex(REQUEST_ID, 'A request id is 1 to 64 letters, digits, "-" or "_".'),
  params: z.record(z.string(), z.unknown()),
});

/** A client message of the market socket. */
export const marketMessageSchema: z.ZodType<MarketClientMessage> = z.union([
  z.strictObject({ v: version, type: z.literal('ping') }),
  z.strictObject({
    v: version,
    type: z.literal('login'),
    key: z.string().max(64),
    timestamp: signedPart,
    recvWindow: signedPart.exactOptional(),
    signature: z.string().max(128),
  }),
  orderRequestSchema,
  z.discriminatedUnion('stream', [
    z.strictObject({
      v: version,
      type: verb,
      stream: z.enum(['stats', 'orders', 'trades']),
      pair: pairField(),
    }),
    z.strictObject({
      v: version,
      type: verb,
      stream: z.literal('chart'),
      pair: pairField(),
      interval,
    }),
    z.strictObject({
      v: version,
      type: verb,
      stream: z.literal('account'),
      since: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).exactOptional(),
    }),
  ]),
]) as z.ZodType<MarketClientMessage>;

const orderTypes: ReadonlySet<unknown> = new Set(ORDER_REQUESTS);

/**
 * Reads a client message against marketMessageSchema. An order request (nearly every message a
 * trading program sends) is read by hand first: exactly the four fields orderRequestSchema asks
 * for, each as it asks, and the message itself is the value, where the schema would copy it and
 * its params. Anything else, or an order request that is not so, is read by the schema (the order
 * branch first, which alone takes that type), for the same value or the same refusal.
 */
export function readMarketMessage(input: unknown): Reading<MarketClientMessage> {
  const type =
    typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : null;
  if (orderTypes.has(type)) {
    if (isWellFormedOrder(input as Record<string, unknown>)) {
      return { ok: true, value: input as MarketClientMessage };
    }
    const order = orderRequestSchema.safeParse(input);
    if (order.success) return { ok: true, value: order.data };
  }
  return read(marketMessageSchema, input);
}

/** Whether an object whose type names an order request is one as orderRequestSchema reads it. */
function isWellFormedOrder(message: Record<string, unknown>): boolean {
  const { v, id, params } = message;
  if (v !== 1 || typeof id !== 'string' || !REQUEST_ID.test(id)) return false;
  // A record of JSON's own making; a `__proto__` key is left to the schema, whose copy drops it.
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  if (Object.getPrototypeOf(params) !== Object.prototype || Object.hasOwn(params, '__proto__'))
    return false;
  // Strict: nothing besides v, type, id and params (all four are there).
  return Object.getPrototypeOf(message) === Object.prototype && Object.keys(message).length === 4;
}
