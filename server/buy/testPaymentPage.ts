/**
 * The test provider's hosted checkout, served by this server: GET shows the card form, POST
 * checks the card (testCards.ts) and, by the test card's outcome, ends the session (the provider
 * then sends its signed callback) or shows the 3-D Secure step. Card details arrive here only,
 * are checked and dropped: the session keeps the brand and the last four digits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database } from '../storage/db.ts';
import type { TestCardSessionsTable } from './BuyTables.ts';
import { cardFormPage, challengePage, endedPage, type PageSession } from './paymentPageHtml.ts';
import {
  TEST_PAYMENT_PATH,
  type TestCardProvider,
  type TestPaymentResult,
} from './TestCardProvider.ts';
import { checkCard, TEST_CARDS } from './testCards.ts';

/** What the issuing bank says for each refusing test card. */
const DECLINE_REASONS = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  challengeFailed: '3-D Secure authentication failed.',
} as const;

type SessionRow = Omit<Selectable<TestCardSessionsTable>, 'created_at'>;

/** Registers the test provider's payment pages. */
export function registerTestPaymentPage(
  app: FastifyInstance,
  db: Database,
  provider: TestCardProvider,
): void {
  const pages = new TestPaymentPages(app, db, provider);
  app.get<{ Params: { id: string } }>(`${TEST_PAYMENT_PATH}/:id`, (request, reply) =>
    pages.showCardForm(request, reply),
  );
  app.post<{ Params: { id: string } }>(`${TEST_PAYMENT_PATH}/:id`, (request, reply) =>
    pages.payByCard(request, reply),
  );
  app.post<{ Params: { id: string } }>(`${TEST_PAYMENT_PATH}/:id/challenge`, (request, reply) =>
    pages.answerChallenge(request, reply),
  );
}

/** A request for one checkout session's page. */
type SessionRequest = FastifyRequest<{ Params: { id: string } }>;

/** The checkout's three pages: the card form, the card posted, the 3-D Secure step answered. */
class TestPaymentPages {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
    private readonly provider: TestCardProvider,
  ) {}

  /** GET: the card form of an open session. */
  async showCardForm(request: SessionRequest, reply: FastifyReply) {
    const session = await this.load(request);
    const ended = endedAnswer(session, 'open');
    if (ended !== null || session === undefined) return html(reply, ended ?? 404, session);
    return html(reply, 200, session, cardFormPage(pageSession(session), TEST_CARDS));
  }

  /** POST: checks the card; by its test outcome ends the session or shows the 3-D Secure step. */
  async payByCard(request: SessionRequest, reply: FastifyReply) {
    const session = await this.load(request);
    const ended = endedAnswer(session, 'open');
    if (ended !== null || session === undefined) return html(reply, ended ?? 404, session);
    const form = formOf(request.body);
    const input = {
      number: form.get('number') ?? '',
      expiry: form.get('expiry') ?? '',
      cvc: form.get('cvc') ?? '',
      name: form.get('name') ?? '',
    };
    const check = checkCard(input, new Date());
    if (!check.ok) {
      const refused = { problems: check.problems, expiry: input.expiry, name: input.name };
      return html(reply, 422, session, cardFormPage(pageSession(session), TEST_CARDS, refused));
    }
    const card = { brand: check.card.brand, last4: check.last4 };
    switch (check.card.outcome) {
      case 'challenge': {
        await this.db
          .updateTable('test_card_sessions')
          .set({ status: 'challenge', card_brand: card.brand, card_last4: card.last4 })
          .where('id', '=', session.id)
          .where('status', '=', 'open')
          .execute();
        return html(reply, 200, session, challengePage(pageSession(session), card));
      }
      case 'succeeds':
        return this.finish(reply, session, { succeeded: true, card });
      case 'declined':
      case 'insufficientFunds':
        return this.finish(reply, session, {
          succeeded: false,
          card,
          reason: DECLINE_REASONS[check.card.outcome],
        });
      default:
        check.card.outcome satisfies never;
        throw new Error('unknown test card outcome');
    }
  }

  /** POST to the 3-D Secure step: completed pays, anything else fails the payment. */
  async answerChallenge(request: SessionRequest, reply: FastifyReply) {
    const session = await this.load(request);
    const ended = endedAnswer(session, 'challenge');
    if (ended !== null || session === undefined) return html(reply, ended ?? 404, session);
    const card = { brand: session.card_brand ?? 'card', last4: session.card_last4 ?? '0000' };
    const passed = formOf(request.body).get('result') === 'complete';
    const result: TestPaymentResult = passed
      ? { succeeded: true, card }
      : { succeeded: false, card, reason: DECLINE_REASONS.challengeFailed };
    return this.finish(reply, session, result);
  }

  private load(request: SessionRequest): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('test_card_sessions')
      .select([
        'id',
        'description',
        'return_path',
        'status',
        'card_brand',
        'card_last4',
        'expires_at',
      ])
      .select((eb) => eb.fn<string>('trim_scale', ['amount']).as('amount'))
      .where('id', '=', request.params.id.slice(0, 64))
      .executeTakeFirst();
  }

  /** Ends the session with the provider (which then sends its callback) and goes back to the shop. */
  private async finish(reply: FastifyReply, session: SessionRow, result: TestPaymentResult) {
    await this.provider.finish(session.id, result, ownOrigin(this.app));
    // 303: the browser follows with a GET, and a reload cannot post the card again.
    return reply.code(303).header('cache-control', 'no-store').redirect(session.return_path, 303);
  }
}

/** Null when the session is in `state` and not past its time; else the page's status code. */
function endedAnswer(session: SessionRow | undefined, state: string): number | null {
  if (session === undefined) return 404;
  if (session.status !== state || session.expires_at.getTime() <= Date.now()) return 410;
  return null;
}

function html(reply: FastifyReply, code: number, session: SessionRow | undefined, body?: string) {
  const text =
    body ??
    endedPage(
      session === undefined
        ? 'This payment page does not exist.'
        : session.expires_at.getTime() <= Date.now() &&
            ['open', 'challenge'].includes(session.status)
          ? 'This payment has expired.'
          : 'This payment is already over.',
      session?.return_path ?? null,
    );
  return reply
    .code(code)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(text);
}

function pageSession(row: SessionRow): PageSession {
  return {
    id: row.id,
    amount: row.amount,
    description: row.description,
    returnPath: row.return_path,
  };
}

/** The fields of a form post (application/x-www-form-urlencoded), read from the raw body. */
function formOf(body: unknown): URLSearchParams {
  if (!Buffer.isBuffer(body) || body.length > 4096) return new URLSearchParams();
  return new URLSearchParams(body.toString('utf8'));
}

/**
 * Where the test provider sends its callback: this server's own listening address. Never the
 * request's Host header, which the caller chooses: the server would then post signed callbacks
 * to any host and port a request named. A real provider posts to the URL configured with it.
 */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the server is not listening');
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '::1'
        : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
