/**
 * The built-in test provider: a stand-in for a hosted card checkout that the server itself
 * serves (testPaymentPage.ts). It keeps its sessions in its own table, accepts only the networks'
 * published test cards, and tells the product how a payment ended the way a real provider does:
 * an HTTP POST of a JSON event to the product's callback endpoint, signed with the shared secret.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentCard } from '../../core/protocol/index.ts';
import type { Database } from '../storage/db.ts';
import {
  CallbackRefused,
  type CardProvider,
  type PaymentEvent,
  type PaymentRequest,
  type PaymentSession,
} from './CardProvider.ts';
import { SIGNATURE_HEADER, signCallback, verifyCallback } from './callbackSignature.ts';

/** Where the test provider's payment pages are served. */
export const TEST_PAYMENT_PATH = '/pay/test';

/** Where the product receives the test provider's callbacks. */
export const TEST_CALLBACK_PATH = '/buy/callback/test';

/** How many times a callback is sent before the provider gives up, and the pause between. */
const DELIVERY_ATTEMPTS = 5;
const DELIVERY_PAUSE_MS = 2000;

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('payment.succeeded'),
    session: z.string().min(1).max(100),
    card: z.object({ brand: z.string().max(20), last4: z.string().regex(/^\d{4}$/) }),
  }),
  z.object({
    type: z.literal('payment.declined'),
    session: z.string().min(1).max(100),
    card: z.object({ brand: z.string().max(20), last4: z.string().regex(/^\d{4}$/) }).nullable(),
    reason: z.string().max(200),
  }),
]);

/** How a payment on the test page ended. */
export type TestPaymentResult =
  | { succeeded: true; card: PaymentCard }
  | { succeeded: false; card: PaymentCard | null; reason: string };

/** See the file comment. */
export class TestCardProvider implements CardProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: Database,
    private readonly secret: () => Promise<string>,
  ) {}

  async createPayment(request: PaymentRequest): Promise<PaymentSession> {
    const sessionId = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('test_card_sessions')
      .values({
        id: sessionId,
        amount: request.total,
        description: request.description,
        return_path: request.returnPath,
        status: 'open',
        expires_at: request.expiresAt,
      })
      .execute();
    return { sessionId, paymentUrl: `${TEST_PAYMENT_PATH}/${sessionId}` };
  }

  async readCallback(signature: string | undefined, body: string): Promise<PaymentEvent> {
    const problem = verifyCallback(await this.secret(), signature, body);
    if (problem !== null) throw new CallbackRefused(`Signature ${problem}.`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new CallbackRefused('The body is not JSON.');
    }
    const event = eventSchema.safeParse(json);
    if (!event.success) throw new CallbackRefused('The body is not a payment event.');
    return event.data;
  }

  /** Refunds a succeeded session; one already refunded stays so (a repeated request is no error). */
  async refund(session: string): Promise<void> {
    const refunded = await this.db
      .updateTable('test_card_sessions')
      .set({ status: 'refunded' })
      .where('id', '=', session)
      .where('status', 'in', ['succeeded', 'refunded'])
      .executeTakeFirst();
    if (refunded.numUpdatedRows !== 1n) throw new Error(`test session ${session} not refundable`);
  }

  /**
   * Ends an open (or challenged) session, then sends its signed callback to `origin`'s callback
   * endpoint: the first attempt is awaited, so the payer usually returns to a purchase already
   * credited; failed attempts are retried in the background. False when the session had ended.
   */
  async finish(sessionId: string, result: TestPaymentResult, origin: string): Promise<boolean> {
    const ended = await this.db
      .updateTable('test_card_sessions')
      .set({
        status: result.succeeded ? 'succeeded' : 'declined',
        card_brand: result.card?.brand ?? null,
        card_last4: result.card?.last4 ?? null,
      })
      .where('id', '=', sessionId)
      .where('status', 'in', ['open', 'challenge'])
      .executeTakeFirst();
    if (ended.numUpdatedRows !== 1n) return false;
    const event: PaymentEvent = result.succeeded
      ? { type: 'payment.succeeded', session: sessionId, card: result.card }
      : { type: 'payment.declined', session: sessionId, card: result.card, reason: result.reason };
    const delivered = await this.deliver(`${origin}${TEST_CALLBACK_PATH}`, JSON.stringify(event));
    if (!delivered) void this.retry(`${origin}${TEST_CALLBACK_PATH}`, JSON.stringify(event));
    return true;
  }

  /** POSTs a freshly signed callback; true when the product answered 2xx. */
  private async deliver(url: string, body: string): Promise<boolean> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signCallback(await this.secret(), body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  }

  private async retry(url: string, body: string): Promise<void> {
    for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, DELIVERY_PAUSE_MS * attempt).unref());
      if (await this.deliver(url, body)) return;
    }
  }
}
