/**
 * Builds the HTTP server: security headers, the API endpoint and the static site on one Fastify
 * instance, ready for `inject` in tests and `listen` in main.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type ErrorReport, refusalOf } from '../core/errors/index.ts';
import { API_PATH, SERVER_ERROR_TEXT } from '../core/protocol/index.ts';
import { registerBuy } from './buy/index.ts';
import { readRecentPurchases } from './buy/purchaseRows.ts';
import type { Config } from './config.ts';
import { seed } from './content/seed.ts';
import { EventBus } from './events/EventBus.ts';
import { PostgresRelay } from './events/PostgresRelay.ts';
import type { ServerEventBus, ServerEvents } from './events/ServerEvents.ts';
import { type ApiDependencies, envelope, MAX_BODY_BYTES, registerApi } from './http/api.ts';
import { KeySockets } from './http/keySockets.ts';
import { type LimiterMaker, limitersFor, sweepRateLimits } from './http/limiterStores.ts';
import { createLimits } from './http/limits.ts';
import { registerSite } from './http/site.ts';
import { closeEverySocket, registerSockets, TRY_AGAIN_LATER } from './http/sockets.ts';
import { identityPhotos } from './kyc/identityPhotos.ts';
import type { LiveHub } from './live/LiveHub.ts';
import { createLiveHub, registerLiveSocket } from './live/liveSocket.ts';
import { registerMail } from './mail/index.ts';
import { tradeChats } from './p2p/chatRoom.ts';
import { registerP2p } from './p2p/index.ts';
import { ReferralFeeSplit } from './referral/ReferralFeeSplit.ts';
import { reserveReader } from './reserves/reserveReader.ts';
import { startSnapshotSchedule } from './reserves/SnapshotTaker.ts';
import { type Database, isDatabaseUnreachable, openDatabase, postgresPool } from './storage/db.ts';
import { afterOthers, isSharedDatabase } from './storage/inTurn.ts';
import { registerSupport } from './support/index.ts';
import { MAX_FRAME_BYTES } from './support/socketFrames.ts';
import { swapGroupMaker } from './swap/swaps.ts';
import { DemoMarket, type DemoMarketOptions } from './trading/demo/DemoMarket.ts';
import { SpotMarket } from './trading/SpotMarket.ts';
import { registerMarketSocket } from './trading/streams/marketSocket.ts';
import {
  anyChain,
  type ChainAdapters,
  createChainAdapters,
} from './wallet/deposits/chainAdapters.ts';
import { BlockProducer } from './wallet/devnet/BlockProducer.ts';
import { startWithdrawalSender } from './wallet/withdrawals/senderSchedule.ts';

/** The Content-Security-Policy of every response (it matters for HTML). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The policy with the ad pixel's origin allowed as an image source when one is configured. */
export function contentSecurityPolicy(pixelUrl: string | null): string {
  if (pixelUrl === null) return CONTENT_SECURITY_POLICY;
  const origin = new URL(pixelUrl).origin;
  return CONTENT_SECURITY_POLICY.replace(
    "img-src 'self' data: blob:",
    `img-src 'self' data: blob: ${origin}`,
  );
}

/** What tests may change that no setting does. */
export interface ServerOptions {
  /** The demo market's pace, when `config.demoMarket` is on. */
  demoMarket?: DemoMarketOptions;
  /** The server's event bus, when a test listens to it too (balances changed, access ended). */
  events?: ServerEventBus;
  /**
   * Starts the wallet's timers: the devnet's blocks (with the deposits they confirm) and the
   * withdrawal sender's runs, and the scheduled snapshots of reserves. `npm start` does; a
   * test's server moves only when the test asks.
   */
  walletTimers?: boolean;
  /** Where the rate limits count, when a benchmark compares stores; else as the database suits. */
  limiters?: LimiterMaker;
}

/** What the domains share: the API's dependencies, with the live counters as their socket's hub. */
type ServerParts = ApiDependencies & { live: LiveHub };

/**
 * Creates the server over `db`, or over a database opened from `config` (closed with the
 * server). Seeds currencies and the demo and staff accounts either way.
 */
export async function createServer(
  config: Config,
  db?: Database,
  options: ServerOptions = {},
): Promise<FastifyInstance> {
  const database = await openSeeded(config, db);
  const app = createFastify(config);
  if (db === undefined) app.addHook('onClose', () => database.destroy());
  addSecurityHeaders(app, contentSecurityPolicy(config.pixelUrl));
  closeConnectionsWhileClosing(app);
  app.setErrorHandler(answerError);

  const limits = createLimits(
    {
      api: config.apiRateLimit,
      apiKey: config.apiKeyRateLimit,
      supportSends: config.support.sendRateLimit,
    },
    options.limiters ?? limitersFor(database),
  );
  sweepRateLimits(app, database);
  const events = options.events ?? new EventBus<ServerEvents>();
  try {
    const relay = await relayEvents(app, database, events);
    const live = await createLiveHub(database, events);
    const market = await wireTrading(app, database, config, options, { events, relay });
    const chains = wireWallet(app, database, config, events, options);
    const parts: ServerParts = { db: database, config, limits, live, market, events, chains };
    registerApi(app, parts);
    registerBuy(app, { db: database, config, events });
    await registerMail(app, {
      db: database,
      config,
      ...(relay === null ? {} : { listen: (channel, hear) => relay.listen(channel, hear) }),
    });
    await registerP2p(app, { db: database, events });
    await wireSockets(app, parts);
    await registerSite(app, config);
  } catch (error) {
    // A server that cannot start (the market refused: spreadGuard.ts) lets go of what it opened.
    await app.close();
    throw error;
  }
  return app;
}

/** The database given, or one opened from `config`; seeded, and closed again if seeding fails. */
async function openSeeded(config: Config, db: Database | undefined): Promise<Database> {
  const database = db ?? (await openDatabase(config));
  try {
    // Two servers started together would both find the demo account missing and add it.
    await afterOthers(database, 'seed', () => seed(database, config));
  } catch (error) {
    if (db === undefined) await database.destroy();
    throw error;
  }
  return database;
}

/** The Fastify instance with the configured logging, body limit and proxy trust. */
function createFastify(config: Config): FastifyInstance {
  return Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request is noise at 'info'; 'debug' and 'trace' turn it on.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
  });
}

/**
 * While the server shuts down, each answer closes its connection. A keep-alive client's
 * connection that was busy when the shutdown began would otherwise stay open for the
 * keep-alive timeout (72 s), and the shutdown with it: the market's owner would hold the market
 * that long in a rolling restart.
 */
function closeConnectionsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Synchronous, as every response passes here: no promise of its own for each request.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
}

/** The security headers every response carries. */
function addSecurityHeaders(app: FastifyInstance, csp: string): void {
  const headers = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': csp,
  };
  // Synchronous, as every request passes here: no promise of its own for each request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Answers an error nothing else handled: a client's mistake with its 4xx and the envelope; a
 * server fault logged, and answered as the API's refusal on the API route, plain text elsewhere.
 */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(envelope(clientError(error, status)));
  }
  request.log.error({ err: error }, 'request failed');
  if (request.url.startsWith(API_PATH)) {
    // The rate limit's store is the database too: out of reach, the call did nothing.
    const code = isDatabaseUnreachable(error)
      ? 'request.databaseUnreachable'
      : 'request.serverError';
    return reply.code(200).send(envelope(refusalOf(code)));
  }
  return reply.code(500).type('text/plain; charset=utf-8').send(SERVER_ERROR_TEXT);
}

/**
 * On a database other servers may share, the event bus reaches them too (PostgresRelay); it
 * closes after everything that publishes, as onClose hooks run last added first.
 */
async function relayEvents(app: FastifyInstance, db: Database, events: ServerEventBus) {
  const pool = postgresPool(db);
  if (pool === null) return null;
  const relay = await PostgresRelay.start(events, pool, app.log);
  // News from the other servers stops while the link is down: every socket's view may miss some,
  // so each client reconnects (perhaps elsewhere) and starts from a fresh snapshot.
  relay.onLost(() =>
    closeEverySocket(app, TRY_AGAIN_LATER, 'This server lost its database link; reconnect.'),
  );
  app.addHook('onClose', () => relay.close());
  return relay;
}

/**
 * The spot market, and the demo market's traders on it when configured: on each unit's owner,
 * for the unit's pairs, whose orders then need no forwarding.
 */
async function wireTrading(
  app: FastifyInstance,
  db: Database,
  config: Config,
  options: ServerOptions,
  bus: { events: ServerEventBus; relay: PostgresRelay<ServerEvents> | null },
): Promise<SpotMarket> {
  const { relay } = bus;
  // One server matches among those sharing a PostgreSQL database; the others forward to it.
  const market = await SpotMarket.open(db, config.fees, {
    feeSplit: new ReferralFeeSplit(config.referralShare),
    groups: { swap: swapGroupMaker(db) },
    log: app.log,
    mayMatch: config.marketMatching,
    spread: config.marketSpread,
    pins: config.marketPins,
    events: bus.events,
    ...(relay === null
      ? {}
      : {
          onRelayReconnect: (listener) => relay.onReconnect(listener),
          listen: (channel, hear) => relay.listen(channel, hear),
        }),
    ...(config.demoMarket
      ? {
          // On every unit this server owns: its pairs' past, then their live trading.
          whileOwning: DemoMarket.role(db, app.log, {
            pastHours: config.demoPastHours,
            ...options.demoMarket,
          }),
        }
      : {}),
  });
  // Orders already accepted are written before the database closes; the demo stops first.
  app.addHook('onClose', () => market.close());
  return market;
}

/**
 * One chain adapter per network, with its timers when asked; they publish the balances their
 * deposits and withdrawals change on `events`.
 */
function wireWallet(
  app: FastifyInstance,
  db: Database,
  config: Config,
  events: ServerEventBus,
  options: ServerOptions,
): ChainAdapters {
  // One adapter per network for the whole server: deposits, withdrawals and their timers.
  const chains = createChainAdapters(db, config.wallet);
  if (options.walletTimers && anyChain(config.wallet)) {
    startWalletTimers(app, db, config, chains, events);
  }
  if (options.walletTimers) startReserveSchedule(app, db, config, chains);
  return chains;
}

/** The socket routes: support (and P2P chats), live counters and market streams. */
async function wireSockets(app: FastifyInstance, parts: ServerParts): Promise<void> {
  const { db, config, events } = parts;
  // Before any socket route: the support chat's frames are the largest any route takes.
  await registerSockets(app, {
    keepaliveMs: config.socketKeepaliveMs,
    maxPayload: MAX_FRAME_BYTES,
  });
  await registerSupport(app, {
    db,
    config,
    limits: parts.limits,
    events,
    tradeChats: tradeChats(events),
    identityPhotos,
  });
  registerLiveSocket(app, parts.live);
  registerMarketSocket(app, {
    db,
    market: parts.market,
    events,
    recentPurchases: readRecentPurchases,
    desk: new KeySockets(parts, app.log),
  });
}

/**
 * The devnet's blocks and the withdrawal sender, each on its own schedule from the moment the
 * server is ready, stopped before the database closes. On PostgreSQL other servers may share
 * the database: they take turns on a shared beat; on PGlite the sender sleeps until it is due.
 */
function startWalletTimers(
  app: FastifyInstance,
  db: Database,
  config: Config,
  chains: ChainAdapters,
  events: ServerEventBus,
): void {
  const shared = isSharedDatabase(db);
  let timers: { stop(): Promise<void> }[] = [];
  app.addHook('onReady', async () => {
    timers = [
      BlockProducer.start(db, config, chains, app.log, events, shared),
      startWithdrawalSender(db, chains, config, app.log, events),
    ];
  });
  app.addHook('onClose', async () => {
    await Promise.all(timers.map((timer) => timer.stop()));
  });
}

/**
 * Snapshots of reserves and liabilities every `reserveSnapshotHours` (none when 0), and old
 * snapshots' proofs deleted after `reserveKeepDays` (never when 0), checked on a timer of their
 * own from the moment the server is ready; one server takes each snapshot (SnapshotTaker).
 */
function startReserveSchedule(
  app: FastifyInstance,
  db: Database,
  config: Config,
  chains: ChainAdapters,
): void {
  if (config.reserveSnapshotHours === 0 && config.reserveKeepDays === 0) return;
  let schedule: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    const settings = {
      periodMs: config.reserveSnapshotHours * 3_600_000,
      keepDays: config.reserveKeepDays,
    };
    schedule = startSnapshotSchedule(db, settings, app.log, reserveReader(db, config, chains));
  });
  app.addHook('onClose', async () => {
    await schedule?.stop();
  });
}

function clientError(error: FastifyError, status: number): ErrorReport {
  if (status === 413) {
    return refusalOf('request.bodyTooLarge', { mebibytes: MAX_BODY_BYTES / 1024 / 1024 });
  }
  if (status === 415) return refusalOf('request.contentType');
  return refusalOf('request.unreadableBody', { reason: error.code ?? status });
}
