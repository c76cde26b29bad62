/**
 * Helpers for the server's tests: a quiet configuration and calls through the real transport
 * with `app.inject`, so every test exercises parsing, origin checks and the envelope too.
 */

import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type CodecVersion, decode, encode, parseCodecKey } from '../core/codec.ts';
import { isErrorCode } from '../core/errors/index.ts';
import {
  API_PATH,
  type CreateP2pOfferParams,
  type MethodName,
  type P2pOffer,
  type Params,
  type Reply,
  type Result,
  type Ticker,
} from '../core/protocol/index.ts';
import { type Config, loadConfig } from '../server/config.ts';
import type { ServerEventBus } from '../server/events/ServerEvents.ts';
import type { Database } from '../server/storage/db.ts';
import { createChainAdapters } from '../server/wallet/deposits/chainAdapters.ts';
import type { WatcherLog, WatchReport } from '../server/wallet/deposits/DepositWatcher.ts';
import { BlockProducer } from '../server/wallet/devnet/BlockProducer.ts';
import { post as postEntry } from '../server/wallet/ledger.ts';
import { WithdrawalSender } from '../server/wallet/withdrawals/WithdrawalSender.ts';
import { TEST_SERVER_ENV } from './testServerEnv.ts';

/**
 * A configuration for tests: silent, no demo account or market, no site, the test password cost,
 * overridable by env-style values.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'off',
    DEMO_MARKET: 'off',
    DATA_DIR: ':memory:',
    SITE_DIR: '/nonexistent/site',
    ...TEST_SERVER_ENV,
    ...env,
  });
}

/**
 * The codec key of `testConfig()`, parsed once: the input fuzz posts thousands of bodies, and
 * loading the configuration again for each cost about 2 % of its CPU.
 */
let testCodecKey: ReturnType<typeof parseCodecKey> | undefined;
const codecKey = () => {
  testCodecKey ??= parseCodecKey(testConfig().codecKey);
  return testCodecKey;
};

/** How a test call is sent. */
export interface CallOptions {
  token?: string;
  subId?: string;
  /** The client IP the server sees. */
  ip?: string;
  headers?: Record<string, string>;
  /** Send (and expect back) a codec body of this version instead of JSON. */
  codec?: CodecVersion;
}

/** What came back from the API, with the body decoded whatever its form. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Record<string, unknown>;
}

/** POSTs a raw payload (string or bytes) to /api. */
export async function post(
  app: FastifyInstance,
  payload: string | Uint8Array,
  options: Pick<CallOptions, 'ip' | 'headers'> = {},
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: API_PATH,
    headers: { 'content-type': 'text/plain', ...options.headers },
    payload: typeof payload === 'string' ? payload : Buffer.from(payload),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const type = String(response.headers['content-type'] ?? '');
  const key = codecKey();
  const body = type.startsWith('application/octet-stream')
    ? decode(response.rawPayload, key)
    : JSON.parse(response.body);
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: body as Answer['body'],
  };
}

/** Sends a request body (any shape, for testing bad input) the way the client does. */
export function send(
  app: FastifyInstance,
  body: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const payload =
    options.codec === undefined ? JSON.stringify(body) : encode(body, codecKey(), options.codec);
  return post(app, payload, options);
}

/** Calls a method and returns its reply; the HTTP status must be 200. */
export async function call<M extends MethodName>(
  app: FastifyInstance,
  method: M,
  params: Params<M>,
  options: CallOptions = {},
): Promise<Reply<M>> {
  const answer = await send(
    app,
    { method, token: options.token ?? '', subId: options.subId ?? '', ...params },
    options,
  );
  assert.equal(answer.statusCode, 200, JSON.stringify(answer.body));
  return answer.body as Reply<M>;
}

/** Calls a method that must succeed and returns its result. */
export async function ok<M extends MethodName>(
  app: FastifyInstance,
  method: M,
  params: Params<M>,
  options: CallOptions = {},
): Promise<Result<M>> {
  const reply = await call(app, method, params, options);
  assert.equal(reply.status, true, `${method} failed: ${reply.status ? '' : reply.error_msg}`);
  return reply as Result<M>;
}

/** Calls a method (or anything) that must fail (with a catalogued code) and returns its error_msg. */
export async function fails(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: CallOptions = {},
): Promise<string> {
  const answer = await send(app, { token: options.token ?? '', subId: '', ...body }, options);
  assert.equal(answer.statusCode, 200);
  assert.equal(answer.body.status, false, `expected a failure, got ${JSON.stringify(answer.body)}`);
  assert.equal(typeof answer.body.error_msg, 'string');
  assert.ok(
    isErrorCode(answer.body.error_code),
    `no catalogued code: ${JSON.stringify(answer.body)}`,
  );
  return answer.body.error_msg as string;
}

let counter = 0;

/** A fresh unique email for a test account. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${process.pid}@example.com`;
}

/** Signs up a fresh account and returns its token and profile. */
export function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse battery',
  options: CallOptions = {},
): Promise<Result<'users.signUp'>> {
  // A distinct address per account keeps the per-IP sign-up limit out of unrelated tests.
  const ip = `10.1.${(counter >> 8) & 255}.${counter & 255}`;
  return ok(app, 'users.signUp', { email, password }, { ip, ...options });
}

/**
 * A fresh account funded by 'Test deposit' ledger entries, its address verified from the mailed
 * link, as the spot and wallet tests need traders.
 */
export async function fundedAccount(
  app: FastifyInstance,
  db: Database,
  funds: Partial<Record<Ticker, string>>,
): Promise<{ token: string; id: number }> {
  const { token, user } = await signUp(app);
  await verifyMailedAddress(app, db, user.id);
  for (const [ticker, amount] of Object.entries(funds)) {
    await postEntry(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: ticker as Ticker,
      amount,
      reason: 'Test deposit',
    });
  }
  return { token, id: user.id };
}

/** An account's available and held balance of `ticker`, as exact decimal strings. */
export async function userBalance(
  db: Database,
  userId: number,
  ticker: Ticker,
): Promise<{ available: string; held: string }> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['held', sql<string>`trim_scale(balance)::text`.as('amount')])
    .where('user_id', '=', userId)
    .where('ticker', '=', ticker)
    .execute();
  const of = (held: boolean) => rows.find((row) => row.held === held)?.amount ?? '0';
  return { available: of(false), held: of(true) };
}

/**
 * The token of the newest link to `path` (e.g. '/verify-email') in the mails queued for the
 * account, read from the queue as the mail carries it: the database keeps only its hash.
 */
export async function mailedToken(db: Database, userId: number, path: string): Promise<string> {
  const mails = await db
    .selectFrom('mail_outbox as m')
    .innerJoin('users as u', 'u.email', 'm.to_address')
    .select('m.text_body')
    .where('u.id', '=', userId)
    .orderBy('m.id', 'desc')
    .execute();
  const pattern = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([\\w-]+)`);
  for (const { text_body } of mails) {
    const token = pattern.exec(text_body)?.[1];
    if (token !== undefined) return token;
  }
  throw new Error(`no mail to account ${userId} links to ${path}`);
}

/** Follows the verification link mailed at sign-up, as the account's owner would. */
export async function verifyMailedAddress(
  app: FastifyInstance,
  db: Database,
  userId: number,
): Promise<void> {
  const verifyToken = await mailedToken(db, userId, '/verify-email');
  await ok(app, 'users.verifyEmail', { verifyToken });
}

/** Requests a withdrawal and confirms it from the mailed link: the withdrawal as confirmed. */
export async function confirmedWithdrawal(
  app: FastifyInstance,
  db: Database,
  owner: { id: number; token: string },
  params: Params<'withdrawals.request'>,
): Promise<Result<'withdrawals.confirm'>['withdrawal']> {
  const requested = await ok(app, 'withdrawals.request', params, { token: owner.token });
  assert.equal(requested.withdrawal.status, 'awaitingConfirmation');
  const confirmToken = await mailedToken(db, owner.id, '/confirm-withdrawal');
  return (await ok(app, 'withdrawals.confirm', { confirmToken })).withdrawal;
}

/**
 * A verified account holding 1 BTC that withdraws 0.01 BTC to a fixed address and confirms it
 * from the mailed link, as the wallet timer tests start: the account and the confirmed withdrawal.
 */
export async function withdrawingAccount(
  app: FastifyInstance,
  db: Database,
  idempotencyKey: (id: number) => string,
) {
  const owner = await fundedAccount(app, db, { BTC: '1' });
  await db.updateTable('users').set({ is_verified: true }).where('id', '=', owner.id).execute();
  const withdrawal = await confirmedWithdrawal(app, db, owner, {
    asset: 'BTC',
    network: 'BTC',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    amount: '0.01',
    idempotencyKey: idempotencyKey(owner.id),
  });
  return { ...owner, withdrawal };
}

/**
 * The wallet's two timers driven by hand: `tick` makes one devnet block (crediting the deposits
 * it confirms), then runs the withdrawal sender once, as a running server's timers take turns.
 */
export class WalletClock {
  private readonly blocks: BlockProducer;
  private readonly sender: WithdrawalSender;

  constructor(
    db: Database,
    config: Config,
    log: WatcherLog,
    events?: ServerEventBus,
    /** As servers sharing one PostgreSQL database: blocks take turns. */
    shared = false,
  ) {
    const chains = createChainAdapters(db, config.wallet);
    this.blocks = new BlockProducer(db, config, chains, log, events, shared);
    this.sender = new WithdrawalSender(db, chains, config, log, events);
  }

  /** One block, then one run of the sender; the block's deposit report (null: not this turn). */
  async tick(): Promise<WatchReport | null> {
    const report = await this.blocks.tick();
    await this.sender.run();
    return report;
  }
}

/**
 * A P2P trader: funded, address verified, identity verified unless asked, and paid by
 * `paymentMethods` (details "<method> details of account <id>").
 */
export async function p2pTrader(
  app: FastifyInstance,
  db: Database,
  funds: Partial<Record<Ticker, string>>,
  options: { verified?: boolean; paymentMethods?: readonly string[] } = {},
): Promise<{ token: string; id: number }> {
  const account = await fundedAccount(app, db, funds);
  await db
    .updateTable('users')
    .set({ is_verified: options.verified ?? true })
    .where('id', '=', account.id)
    .execute();
  for (const method of options.paymentMethods ?? ['sepa']) {
    await ok(
      app,
      'p2p.setPaymentDetails',
      { paymentMethod: method, details: `${method} details of account ${account.id}` },
      { token: account.token },
    );
  }
  return account;
}

/**
 * Publishes a P2P offer for the merchant with `token`: by default selling 100 USDT at 0.9 EUR,
 * 10 to 90 EUR a trade, by SEPA within 15 minutes.
 */
export async function publishP2pOffer(
  app: FastifyInstance,
  token: string,
  terms: Partial<CreateP2pOfferParams> = {},
): Promise<P2pOffer> {
  const offer: CreateP2pOfferParams = {
    side: 'sell',
    asset: 'USDT',
    fiat: 'EUR',
    price: '0.9',
    amount: '100',
    minFiat: '10',
    maxFiat: '90',
    paymentMethods: ['sepa'],
    paymentWindowMinutes: 15,
    ...terms,
  };
  return (await ok(app, 'p2p.createOffer', offer, { token })).offer;
}
