import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEV_CODEC_KEY } from '../core/codec.ts';
import { ConfigError, DEVNET_WALLET_SEED, describeDatabase, loadConfig } from './config.ts';

test('defaults need no environment at all', () => {
  const config = loadConfig({});
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 3000);
  assert.equal(config.dataDir, './data');
  assert.equal(config.databaseUrl, null);
  assert.equal(config.codecKey, DEV_CODEC_KEY);
  assert.deepEqual(config.allowedOrigins, []);
  assert.equal(config.staff, null);
  assert.deepEqual(config.demo, { email: 'demo@example.com', password: 'demo-password-1' });
  assert.equal(config.sessionDays, 30);
  assert.equal(config.trustProxy, false);
  assert.equal(config.logLevel, 'info');
  assert.equal(config.siteDir, 'dist/site');
  assert.deepEqual(config.site, { socials: {}, live: { is_enabled: false } });
});

test('values are parsed and normalised', () => {
  const config = loadConfig({
    HOST: '0.0.0.0',
    PORT: '8080',
    DATABASE_URL: 'postgres://app:secret@db:5432/exchange',
    CODEC_KEY: 'AB'.repeat(32),
    ALLOWED_ORIGINS: 'https://a.example, http://localhost:5173/',
    STAFF_EMAIL: ' Boss@Example.com ',
    STAFF_PASSWORD: 'staff-password',
    DEMO_ACCOUNT: 'off',
    SESSION_DAYS: '7',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'WARN',
    LIVE_MODE: 'on',
    SOCIAL_TELEGRAM: 'https://t.me/x',
  });
  assert.equal(config.port, 8080);
  assert.equal(config.codecKey, 'ab'.repeat(32));
  assert.deepEqual(config.allowedOrigins, ['https://a.example', 'http://localhost:5173']);
  assert.deepEqual(config.staff, { email: 'boss@example.com', password: 'staff-password' });
  assert.equal(config.demo, null);
  assert.equal(config.sessionDays, 7);
  assert.equal(config.trustProxy, true);
  assert.equal(config.logLevel, 'warn');
  assert.deepEqual(config.site, {
    socials: { telegram: 'https://t.me/x' },
    live: { is_enabled: true },
  });
  assert.equal(describeDatabase(config), 'PostgreSQL at postgres://app:***@db:5432/exchange');
});

test('bad values fail with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT /],
    [{ CODEC_KEY: 'abc' }, /^CODEC_KEY must be 64 hex digits/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL /],
    [{ ALLOWED_ORIGINS: 'not a url' }, /^ALLOWED_ORIGINS /],
    [{ ALLOWED_ORIGINS: 'https://a.example/path' }, /^ALLOWED_ORIGINS /],
    [{ STAFF_EMAIL: 'boss@example.com' }, /^STAFF_EMAIL and STAFF_PASSWORD must be set together/],
    [{ STAFF_EMAIL: 'boss', STAFF_PASSWORD: 'long enough' }, /^STAFF_EMAIL /],
    [
      { STAFF_EMAIL: 'boss@example.com', STAFF_PASSWORD: 'short' },
      /^STAFF_PASSWORD must be at least 8/,
    ],
    [{ DEMO_PASSWORD: 'short' }, /^DEMO_PASSWORD /],
    [{ DEMO_ACCOUNT: 'maybe' }, /^DEMO_ACCOUNT must be on or off/],
    [{ SESSION_DAYS: '0' }, /^SESSION_DAYS /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    [{ TRUST_PROXY: 'sometimes' }, /^TRUST_PROXY /],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error) => error instanceof ConfigError && message.test(error.message),
      JSON.stringify(env),
    );
  }
});

test('the wallet seed is the public devnet one unless WALLET_SEED gives a secret one', () => {
  assert.equal(loadConfig({}).wallet.seed, DEVNET_WALLET_SEED);
  assert.equal(
    Buffer.from(DEVNET_WALLET_SEED, 'hex').toString(),
    'devnet wallet seed: public, holds no real funds',
  );
  const seed = `${'00'.repeat(31)}AB`;
  assert.equal(loadConfig({ WALLET_SEED: seed }).wallet.seed, seed.toLowerCase());
  for (const bad of ['abc', 'zz'.repeat(32), '00'.repeat(15), '00'.repeat(65), `${seed}0`]) {
    assert.throws(
      () => loadConfig({ WALLET_SEED: bad }),
      (error) =>
        error instanceof ConfigError &&
        /^WALLET_SEED must be 32 to 128 hex digits/.test(error.message) &&
        !error.message.includes(bad),
      bad,
    );
  }
});

test('withdrawals are sent every WITHDRAWAL_SEND_SECONDS, whatever the devnet does', () => {
  assert.equal(loadConfig({}).wallet.withdrawalSendMs, 3000);
  assert.equal(
    loadConfig({ WITHDRAWAL_SEND_SECONDS: '20', DEVNET: 'off' }).wallet.withdrawalSendMs,
    20_000,
  );
  for (const bad of ['0', '2.5', '3601']) {
    assert.throws(
      () => loadConfig({ WITHDRAWAL_SEND_SECONDS: bad }),
      /WITHDRAWAL_SEND_SECONDS must be a whole number from 1 to 3600/,
      bad,
    );
  }
});

test('the devnet runs unless DEVNET is off, a block every DEVNET_BLOCK_SECONDS', () => {
  assert.deepEqual(
    [loadConfig({}).wallet.devnet, loadConfig({}).wallet.devnetBlockMs],
    [true, 3000],
  );
  assert.equal(loadConfig({ DEVNET: 'off' }).wallet.devnet, false);
  assert.equal(loadConfig({ DEVNET_BLOCK_SECONDS: '10' }).wallet.devnetBlockMs, 10_000);
  assert.throws(() => loadConfig({ DEVNET: 'maybe' }), /^ConfigError: DEVNET must be on or off/);
  for (const bad of ['0', '1.5', '3601', '-1']) {
    assert.throws(
      () => loadConfig({ DEVNET_BLOCK_SECONDS: bad }),
      /DEVNET_BLOCK_SECONDS must be a whole number from 1 to 3600/,
      bad,
    );
  }
});

test('withdrawals above WITHDRAWAL_REVIEW_USD (10 000 unless set) wait for staff', () => {
  assert.equal(loadConfig({}).wallet.withdrawalReviewUsd, 10_000);
  assert.equal(loadConfig({ WITHDRAWAL_REVIEW_USD: '2500' }).wallet.withdrawalReviewUsd, 2500);
  for (const bad of ['-1', '1.5', 'lots']) {
    assert.throws(
      () => loadConfig({ WITHDRAWAL_REVIEW_USD: bad }),
      /WITHDRAWAL_REVIEW_USD must be a whole number from 0 to 1000000000/,
      bad,
    );
  }
});

test('an EVM network goes on a node with its RPC URL, its USDT contract and the hot-wallet key', () => {
  assert.deepEqual(loadConfig({}).wallet.evm, { nodes: {}, hotWalletKey: null });
  const key = `0x${'Ab'.repeat(32)}`;
  const contract = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
  assert.deepEqual(
    loadConfig({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      ETH_USDT_CONTRACT: contract,
      BSC_RPC_URL: 'https://bsc.example/rpc',
      EVM_HOT_WALLET_KEY: key,
    }).wallet.evm,
    {
      nodes: {
        ETH: { rpcUrl: 'http://127.0.0.1:8545', usdtContract: contract },
        BSC: { rpcUrl: 'https://bsc.example/rpc', usdtContract: null },
      },
      hotWalletKey: key.toLowerCase(),
    },
  );
  const cases: [Record<string, string>, RegExp][] = [
    [{ ETH_RPC_URL: 'ws://node:8546' }, /^ETH_RPC_URL must be an http/],
    [{ BSC_USDT_CONTRACT: contract }, /^BSC_USDT_CONTRACT needs BSC_RPC_URL/],
    [
      { ETH_RPC_URL: 'http://node', ETH_USDT_CONTRACT: contract.toLowerCase().replace('a', 'A') },
      /^ETH_USDT_CONTRACT must be a 0x address with a valid checksum/,
    ],
    [{ EVM_HOT_WALLET_KEY: '0x1234' }, /^EVM_HOT_WALLET_KEY must be 0x followed by 64 hex/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error) => error instanceof ConfigError && message.test(error.message),
      JSON.stringify(env),
    );
  }
});

test('a verified account may withdraw VERIFIED_WITHDRAWAL_LIMIT_USD a day (100 000 unless set)', () => {
  assert.equal(loadConfig({}).wallet.verifiedWithdrawalLimitUsd, 100_000);
  const set = loadConfig({ VERIFIED_WITHDRAWAL_LIMIT_USD: '25000' });
  assert.equal(set.wallet.verifiedWithdrawalLimitUsd, 25_000);
  assert.throws(
    () => loadConfig({ VERIFIED_WITHDRAWAL_LIMIT_USD: 'lots' }),
    /VERIFIED_WITHDRAWAL_LIMIT_USD/,
  );
});

test("a referrer earns REFERRAL_SHARE of its referred accounts' fees (0.2 unless set)", () => {
  assert.equal(loadConfig({}).referralShare, '0.2');
  assert.equal(loadConfig({ REFERRAL_SHARE: '0.35' }).referralShare, '0.35');
  assert.equal(loadConfig({ REFERRAL_SHARE: '0' }).referralShare, '0');
  for (const bad of ['20', '20%', '1.5', '-0.1', '0.12345']) {
    assert.throws(
      () => loadConfig({ REFERRAL_SHARE: bad }),
      /^ConfigError: REFERRAL_SHARE must be a fraction from 0 to 1 with at most 4 decimals/,
    );
  }
});

test('snapshots keep their proofs 90 days unless told: 0 keeps them for ever', () => {
  assert.equal(loadConfig({}).reserveKeepDays, 90);
  assert.equal(loadConfig({ RESERVES_KEEP_DAYS: '0' }).reserveKeepDays, 0);
  assert.throws(() => loadConfig({ RESERVES_KEEP_DAYS: '-1' }), /RESERVES_KEEP_DAYS/);
});

test('the market is spread over the servers unless MARKET_SPREAD=off', () => {
  const postgres = { DATABASE_URL: 'postgres://app@db:5432/exchange' };
  assert.equal(loadConfig(postgres).marketSpread, true);
  assert.equal(loadConfig({ ...postgres, MARKET_SPREAD: 'off' }).marketSpread, false);
  assert.equal(loadConfig({ ...postgres, MARKET_SPREAD: 'on' }).marketSpread, true);
  assert.deepEqual(loadConfig({ ...postgres, MARKET_PIN: 'btc_usdt' }).marketPins, ['BTC_USDT']);
  assert.throws(
    () => loadConfig({ MARKET_SPREAD: 'both' }),
    /^ConfigError: MARKET_SPREAD must be on or off/,
  );
});
