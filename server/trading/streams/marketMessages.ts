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

/** An order request: a place, a cancel or a cancelAll, with its id. */
const orderRequestSchema = z.strictObject({
  v: version,
  type: z.enum(ORDER_REQUESTS),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A request id is 1 to 64 letters, digits, "-" or "_".'),
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
 * Reads a client message against marketMessageSchema, an order request's first by its own branch:
 * the union's other branches never take a message of that type, so a valid one reads the same
 * without them, and an invalid one is read by the whole union for the same refusal.
 */
export function readMarketMessage(input: unknown): Reading<MarketClientMessage> {
  const type =
    typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : null;
  if (orderTypes.has(type)) {
    const order = orderRequestSchema.safeParse(input);
    if (order.success) return { ok: true, value: order.data };
  }
  return read(marketMessageSchema, input);
}
