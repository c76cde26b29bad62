/**
 * The server's configuration, read once from environment variables and validated up front so a
 * typo fails at start with a message naming the variable, not later with an odd behaviour.
 */
import { createHash } from 'node:crypto';
import { DEV_CODEC_KEY } from '../core/codec.ts';
import { PAIR_SYMBOLS, type PairSymbol } from '../core/markets/pairs.ts';
import type { Config as SiteConfig } from '../core/protocol/index.ts';
import { type PasswordCost, PRODUCTION_PASSWORD_COST } from './accounts/passwords.ts';
import { type BuySettings, buySettings } from './buy/buySettings.ts';
import { type EvmSettings, evmSettings } from './wallet/evm/evmSettings.ts';

/** Pino log levels Fastify understands, plus 'silent'. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** An email and password pair for an account created or updated at start. */
export interface Credentials {
  email: string;
  password: string;
}

/** Everything the server needs to know about its environment. */
export interface Config {
  host: string;
  port: number;
  /** PGlite data folder, or ':memory:' for a throw-away database. Ignored when databaseUrl is set. */
  dataDir: string;
  /** A PostgreSQL connection string; null means PGlite in dataDir. */
  databaseUrl: string | null;
  /** The codec key as 64 hex digits; it is public by design (see core/codec.ts). */
  codecKey: string;
  /** Extra origins (scheme://host[:port]) allowed to call the API with credentials. */
  allowedOrigins: string[];
  /** The staff account ensured at start, or null. */
  staff: Credentials | null;
  /** The demo account ensured at start, or null when DEMO_ACCOUNT=off. */
  demo: Credentials | null;
  /** Whether a market maker and a taker (demo accounts of their own) keep every book moving. */
  demoMarket: boolean;
  /** Hours of past the demo market plays on a first start, so charts and tickers start full. */
  demoPastHours: number;
  sessionDays: number;
  /** Trust X-Forwarded-* headers (only behind a reverse proxy you control). */
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Where the built site lives (index.html and assets/). */
  siteDir: string;
  /** API requests allowed per IP per minute; 0 turns the limit off. */
  apiRateLimit: number;
  /** Request weight each API key may spend per minute (signed calls); 0 turns the limit off. */
  apiKeyRateLimit: number;
  /** Time between two pings on every socket; a socket that has not answered by the next is dropped. */
  socketKeepaliveMs: number;
  /**
   * Whether this server may match the spot market when it shares its database (it takes the
   * market when free); off, it always forwards orders to a server that may.
   */
  marketMatching: boolean;
  /**
   * Whether the spot market is spread over the servers that may match, one unit per pair, in
   * fair shares; on unless MARKET_SPREAD=off (off: one server matches every pair). PostgreSQL
   * only: alone on PGlite a server matches the whole market as one unit whatever it says.
   */
  marketSpread: boolean;
  /** The pairs this server takes first when the market is spread, and keeps while it lives. */
  marketPins: PairSymbol[];
  /** The ad pixel's vendor URL, loaded when a page has a pxid; null loads no pixel at all. */
  pixelUrl: string | null;
  /** Defaults for the site configuration; a row in the settings table overrides each part. */
  site: SiteConfig;
  /** Live support settings. */
  support: SupportConfig;
  /** Spot trading fees, as fractions of what each side of a trade receives ("0.001" = 0.1 %). */
  fees: { maker: string; taker: string };
  /** The share of each trading fee a referred account pays that goes to its referrer ("0.2"). */
  referralShare: string;
  /** Deposits and withdrawals. */
  wallet: WalletConfig;
  /** Account e-mail: where it goes and what its links point at. */
  mail: MailConfig;
  /** The AES-256 key (64 hex digits) two-factor secrets are encrypted with in the database. */
  twoFactorKey: string;
  /** Buying crypto by card. */
  buy: BuySettings;
  /** The scrypt cost new password hashes are made at: the production cost unless a test lowers it. */
  passwordCost: PasswordCost;
  /** Hours between two scheduled snapshots of reserves and liabilities; 0: only when staff ask. */
  reserveSnapshotHours: number;
  /** Days a snapshot keeps its per-account leaves (its proofs); 0: for ever. */
  reserveKeepDays: number;
}

/** Deposits and withdrawals: where the deposit addresses come from. */
export interface WalletConfig {
  /** The BIP 32 seed every deposit address is derived from, as hex; a secret on a real chain. */
  seed: string;
  /** Whether the built-in devnet runs: simulated chains whose faucet sends worthless test coins. */
  devnet: boolean;
  /** Time between two devnet blocks, in ms. */
  devnetBlockMs: number;
  /** Time between two runs of the withdrawal sender (on any chain), in ms. */
  withdrawalSendMs: number;
  /** Withdrawals worth more than this (USD, fee included) wait for staff approval. */
  withdrawalReviewUsd: number;
  /**
   * What a verified account may withdraw in 24 hours (USD, fees included); an unverified one
   * may withdraw up to `support.verificationAmount`.
   */
  verifiedWithdrawalLimitUsd: number;
  /** EVM networks on real nodes instead of the devnet, and the hot wallet that pays from them. */
  evm: EvmSettings;
}

/** Account e-mail. */
export interface MailConfig {
  /** An smtp:// or smtps:// URL; null: mails go to the local outbox folder (shown at /dev/outbox). */
  smtpUrl: string | null;
  /** The From address, e.g. "Exchange <no-reply@example.com>". */
  from: string;
  /** The site's public origin for links in mails; null: http://localhost:PORT. */
  publicUrl: string | null;
}

/** Live support: attachments, send rate, Web Push and the disclosed verification threshold. */
export interface SupportConfig {
  /** Where attachments are stored; null means DATA_DIR/attachments (a temp folder in memory). */
  uploadDir: string | null;
  /** Largest image attachment, in bytes. */
  imageMaxBytes: number;
  /** Largest video attachment, in bytes. */
  videoMaxBytes: number;
  /** Messages a user may send per minute on the support socket; 0 turns the limit off. */
  sendRateLimit: number;
  /** The withdrawal amount (USD) above which identity verification is required, disclosed to clients. */
  verificationAmount: number;
  /** The VAPID subject (mailto: or https: URL) Web Push services may contact. */
  pushSubject: string;
}

/** Raised for a bad environment value; main prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The demo account's password when DEMO_PASSWORD is not set. */
export const DEFAULT_DEMO_PASSWORD = 'demo-password-1';

/**
 * The wallet seed when WALLET_SEED is not set: the hex of a sentence saying what it is. Anyone can
 * read it, so its addresses are for the built-in devnet only; never send real coins to them.
 */
export const DEVNET_WALLET_SEED = Buffer.from(
  'devnet wallet seed: public, holds no real funds',
).toString('hex');

/** Shortest password accepted anywhere (sign-up, staff and demo accounts). */
export const MIN_PASSWORD_LENGTH = 8;

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const SOCIALS = ['twitter', 'youtube', 'instagram', 'telegram'] as const;

/** Reads one environment variable: trimmed, and undefined when unset or blank. */
type Read = (name: string) => string | undefined;

/** Reads and validates the configuration from an environment (process.env in main). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const read: Read = (name) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const codecKey = read('CODEC_KEY') ?? DEV_CODEC_KEY;
  if (!/^[0-9a-f]{64}$/i.test(codecKey)) fail('CODEC_KEY', 'must be 64 hex digits');
  return {
    ...serverSection(read),
    codecKey: codecKey.toLowerCase(),
    ...accountsSection(read),
    site: siteSection(read),
    support: supportSection(read),
    ...tradingSection(read),
    mail: mailSection(read),
    wallet: walletSection(read),
    reserveSnapshotHours: integer(
      read('RESERVES_SNAPSHOT_HOURS'),
      'RESERVES_SNAPSHOT_HOURS',
      24,
      0,
      8760,
    ),
    reserveKeepDays: integer(read('RESERVES_KEEP_DAYS'), 'RESERVES_KEEP_DAYS', 90, 0, 36500),
    twoFactorKey: twoFactorKey(read('TWO_FACTOR_KEY')),
    buy: buySettings(read, fail),
    passwordCost: passwordCost(read('TEST_PASSWORD_LOG2N'), read('NODE_ENV')),
  };
}

/** Where the server listens, what it stores in, whom it answers and how it logs. */
function serverSection(
  read: Read,
): Pick<
  Config,
  | 'host'
  | 'port'
  | 'dataDir'
  | 'databaseUrl'
  | 'allowedOrigins'
  | 'sessionDays'
  | 'trustProxy'
  | 'logLevel'
  | 'siteDir'
  | 'apiRateLimit'
  | 'apiKeyRateLimit'
  | 'socketKeepaliveMs'
  | 'marketMatching'
  | 'marketSpread'
  | 'marketPins'
  | 'pixelUrl'
> {
  return {
    host: read('HOST') ?? '127.0.0.1',
    port: integer(read('PORT'), 'PORT', 3000, 0, 65535),
    dataDir: read('DATA_DIR') ?? './data',
    databaseUrl: databaseUrl(read('DATABASE_URL')),
    allowedOrigins: origins(read('ALLOWED_ORIGINS')),
    sessionDays: integer(read('SESSION_DAYS'), 'SESSION_DAYS', 30, 1, 3650),
    trustProxy: flag(read('TRUST_PROXY'), 'TRUST_PROXY', false),
    logLevel: logLevel(read('LOG_LEVEL')),
    siteDir: read('SITE_DIR') ?? 'dist/site',
    apiRateLimit: integer(read('API_RATE_LIMIT'), 'API_RATE_LIMIT', 600, 0, 1_000_000),
    apiKeyRateLimit: integer(read('API_KEY_RATE_LIMIT'), 'API_KEY_RATE_LIMIT', 1200, 0, 1_000_000),
    socketKeepaliveMs:
      integer(read('SOCKET_KEEPALIVE_SECONDS'), 'SOCKET_KEEPALIVE_SECONDS', 30, 1, 3600) * 1000,
    marketMatching: flag(read('MARKET_MATCHING'), 'MARKET_MATCHING', true),
    // On by default: a lone spread server costs what one unit does (docs/cluster.md).
    marketSpread: flag(read('MARKET_SPREAD'), 'MARKET_SPREAD', true),
    marketPins: pairList(read('MARKET_PIN'), 'MARKET_PIN'),
    pixelUrl: pixelUrl(read('PIXEL_URL')),
  };
}

/** The staff and demo accounts ensured at start, and the demo market's traders. */
function accountsSection(
  read: Read,
): Pick<Config, 'staff' | 'demo' | 'demoMarket' | 'demoPastHours'> {
  const staffEmail = read('STAFF_EMAIL');
  const staffPassword = read('STAFF_PASSWORD');
  if ((staffEmail === undefined) !== (staffPassword === undefined)) {
    fail('STAFF_EMAIL', 'and STAFF_PASSWORD must be set together');
  }
  const demoAccount = flag(read('DEMO_ACCOUNT'), 'DEMO_ACCOUNT', true);
  return {
    staff:
      staffEmail !== undefined && staffPassword !== undefined
        ? credentials('STAFF', staffEmail, staffPassword)
        : null,
    demo: demoAccount
      ? credentials(
          'DEMO',
          read('DEMO_EMAIL') ?? 'demo@example.com',
          read('DEMO_PASSWORD') ?? DEFAULT_DEMO_PASSWORD,
        )
      : null,
    // Off with the demo account unless asked for: a real deployment never gets play money.
    demoMarket: flag(read('DEMO_MARKET'), 'DEMO_MARKET', demoAccount),
    demoPastHours: integer(read('DEMO_PAST_HOURS'), 'DEMO_PAST_HOURS', 24, 0, 24),
  };
}

/** Defaults for the site configuration: its name, social links and live mode. */
function siteSection(read: Read): SiteConfig {
  const socials: SiteConfig['socials'] = {};
  for (const name of SOCIALS) {
    const url = read(`SOCIAL_${name.toUpperCase()}`);
    if (url !== undefined) socials[name] = url;
  }
  return {
    socials,
    live: { is_enabled: flag(read('LIVE_MODE'), 'LIVE_MODE', false) },
    ...(read('SITE_NAME') ? { name: (read('SITE_NAME') ?? '').trim().slice(0, 64) } : {}),
  };
}

/** Live support: attachment caps, send rate, Web Push and the verification threshold. */
function supportSection(read: Read): SupportConfig {
  return {
    uploadDir: read('UPLOAD_DIR') ?? null,
    imageMaxBytes: integer(read('UPLOAD_IMAGE_MAX_MB'), 'UPLOAD_IMAGE_MAX_MB', 10, 1, 1024) * MIB,
    videoMaxBytes: integer(read('UPLOAD_VIDEO_MAX_MB'), 'UPLOAD_VIDEO_MAX_MB', 50, 1, 4096) * MIB,
    sendRateLimit: integer(read('SUPPORT_RATE_LIMIT'), 'SUPPORT_RATE_LIMIT', 30, 0, 1_000_000),
    verificationAmount: integer(
      read('VERIFICATION_AMOUNT'),
      'VERIFICATION_AMOUNT',
      1000,
      0,
      1_000_000_000,
    ),
    pushSubject: pushSubject(read('PUSH_SUBJECT')),
  };
}

/** Spot trading fees and the referrer's share of them. */
function tradingSection(read: Read): Pick<Config, 'fees' | 'referralShare'> {
  return {
    fees: {
      maker: feeRate(read('MAKER_FEE'), 'MAKER_FEE'),
      taker: feeRate(read('TAKER_FEE'), 'TAKER_FEE'),
    },
    referralShare: referralShare(read('REFERRAL_SHARE')),
  };
}

/** Account e-mail: the SMTP server, the From address and the origin links point at. */
function mailSection(read: Read): MailConfig {
  return {
    smtpUrl: smtpUrl(read('SMTP_URL')),
    from: read('MAIL_FROM') ?? 'Exchange <no-reply@localhost>',
    publicUrl: publicUrl(read('PUBLIC_URL')),
  };
}

/** Deposits and withdrawals: the address seed, the devnet, the sender and the limits. */
function walletSection(read: Read): WalletConfig {
  return {
    seed: walletSeed(read('WALLET_SEED')),
    // On: the devnet is the only chain there is, and `npm start` should need nothing else.
    devnet: flag(read('DEVNET'), 'DEVNET', true),
    devnetBlockMs: integer(read('DEVNET_BLOCK_SECONDS'), 'DEVNET_BLOCK_SECONDS', 3, 1, 3600) * 1000,
    withdrawalSendMs:
      integer(read('WITHDRAWAL_SEND_SECONDS'), 'WITHDRAWAL_SEND_SECONDS', 3, 1, 3600) * 1000,
    withdrawalReviewUsd: integer(
      read('WITHDRAWAL_REVIEW_USD'),
      'WITHDRAWAL_REVIEW_USD',
      10_000,
      0,
      1_000_000_000,
    ),
    verifiedWithdrawalLimitUsd: integer(
      read('VERIFIED_WITHDRAWAL_LIMIT_USD'),
      'VERIFIED_WITHDRAWAL_LIMIT_USD',
      100_000,
      0,
      1_000_000_000,
    ),
    evm: evmSettings(read, fail),
  };
}

/**
 * The key two-factor secrets are encrypted with when TWO_FACTOR_KEY is not set: public, so only
 * for development; a deployment sets its own, kept apart from the database.
 */
export const DEVELOPMENT_TWO_FACTOR_KEY = createHash('sha256')
  .update('public development two-factor key')
  .digest('hex');

function twoFactorKey(value: string | undefined): string {
  if (value === undefined) return DEVELOPMENT_TWO_FACTOR_KEY;
  // The value is a secret: the message does not repeat it.
  if (!/^[0-9a-f]{64}$/i.test(value)) fail('TWO_FACTOR_KEY', 'must be 64 hex digits');
  return value.toLowerCase();
}

/**
 * The password hashing cost. TEST_PASSWORD_LOG2N lowers scrypt's N to 2^value so a test run signs
 * up hundreds of accounts in seconds; it is refused unless NODE_ENV is `test`, so a deployment
 * that copied a test's environment fails at start rather than store weak hashes.
 */
function passwordCost(log2N: string | undefined, nodeEnv: string | undefined): PasswordCost {
  if (log2N === undefined) return { ...PRODUCTION_PASSWORD_COST };
  if (nodeEnv !== 'test') fail('TEST_PASSWORD_LOG2N', 'is for tests only: it needs NODE_ENV=test');
  return {
    ...PRODUCTION_PASSWORD_COST,
    log2N: integer(log2N, 'TEST_PASSWORD_LOG2N', 0, 10, PRODUCTION_PASSWORD_COST.log2N),
  };
}

/** A BIP 32 seed: 16 to 64 bytes as hex (what a BIP 39 phrase turns into is 64). */
function walletSeed(value: string | undefined): string {
  if (value === undefined) return DEVNET_WALLET_SEED;
  if (!/^([0-9a-f]{2}){16,64}$/i.test(value)) {
    // The value is a secret: the message does not repeat it.
    fail('WALLET_SEED', 'must be 32 to 128 hex digits (a BIP 32 seed of 16 to 64 bytes)');
  }
  return value.toLowerCase();
}

/** A fee rate: a decimal fraction from 0 to 0.1 with at most 6 decimals; 0.001 (0.1 %) by default. */
function feeRate(value: string | undefined, name: string): string {
  if (value === undefined) return '0.001';
  if (!/^0(\.\d{1,6})?$/.test(value) || Number(value) > 0.1) {
    fail(
      name,
      `must be a fraction from 0 to 0.1 with at most 6 decimals, such as 0.001 (got "${value}")`,
    );
  }
  return value;
}

/** The referrer's share of fees: a fraction from 0 to 1 with at most 4 decimals; 0.2 by default. */
function referralShare(value: string | undefined): string {
  if (value === undefined) return '0.2';
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(value)) {
    fail(
      'REFERRAL_SHARE',
      `must be a fraction from 0 to 1 with at most 4 decimals, such as 0.2 for 20 % (got "${value}")`,
    );
  }
  return value;
}

/** A safe one-line description of a connection string: the password is never printed. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl === null) {
    return config.dataDir === ':memory:' ? 'PGlite (in memory)' : `PGlite in ${config.dataDir}`;
  }
  const url = new URL(config.databaseUrl);
  if (url.password !== '') url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}

const MIB = 1024 * 1024;

function pixelUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    fail('PIXEL_URL', `must be an http: or https: URL (got "${value}")`);
  }
  return new URL(value).href;
}

function pushSubject(value: string | undefined): string {
  if (value === undefined) return 'mailto:support@example.com';
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value)) {
    fail('PUSH_SUBJECT', `must be a mailto: address or an https: URL (got "${value}")`);
  }
  return value;
}

function fail(name: string, problem: string): never {
  throw new ConfigError(`${name} ${problem}.`);
}

function integer(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    fail(name, `must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return number;
}

function flag(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  return fail(name, `must be on or off (got "${value}")`);
}

function pairList(value: string | undefined, name: string): PairSymbol[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item !== '')
    .map((item) =>
      (PAIR_SYMBOLS as readonly string[]).includes(item)
        ? (item as PairSymbol)
        : fail(name, `holds "${item}", which is not a pair (one of ${PAIR_SYMBOLS.join(', ')})`),
    );
}

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === value.toLowerCase());
  return level ?? fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
}

function smtpUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  try {
    const { protocol } = new URL(value);
    if (protocol === 'smtp:' || protocol === 'smtps:') return value;
  } catch {
    // Said below.
  }
  return fail(
    'SMTP_URL',
    'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com',
  );
}

function publicUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/') {
      return url.origin;
    }
  } catch {
    // Said below.
  }
  return fail('PUBLIC_URL', "must be the site's origin, e.g. https://exchange.example.com");
}

function databaseUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('DATABASE_URL', 'must be a postgres:// connection string');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    fail('DATABASE_URL', 'must be a postgres:// connection string');
  }
  return value;
}

function origins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        return fail('ALLOWED_ORIGINS', `holds "${item}", which is not an origin like https://a.b`);
      }
      const bare = url.pathname === '/' && url.search === '' && url.hash === '';
      if (url.origin === 'null' || !bare || url.username !== '') {
        fail('ALLOWED_ORIGINS', `holds "${item}"; write only scheme://host[:port]`);
      }
      return url.origin;
    });
}

function credentials(prefix: string, email: string, password: string): Credentials {
  const normalised = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) {
    fail(`${prefix}_EMAIL`, `must be an email address (got "${email}")`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    fail(`${prefix}_PASSWORD`, `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return { email: normalised, password };
}
