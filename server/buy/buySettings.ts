/**
 * The card purchase settings: which provider takes the payments, the secret its callbacks are
 * signed with, the disclosed fee, the limits of one purchase and how long an unpaid one lasts.
 * Read with the rest of the configuration, so a typo stops the server at start with its name.
 */
import type { SettingProblem } from '../wallet/evm/evmSettings.ts';

/** The providers the server knows; `test` is the built-in test mode (published test cards). */
export const CARD_PROVIDERS = ['test'] as const;

/** A provider's name. */
export type CardProviderName = (typeof CARD_PROVIDERS)[number];

/** How card purchases are priced and paid. */
export interface BuySettings {
  provider: CardProviderName;
  /**
   * The secret shared with the provider that signs its callbacks; null: one is generated on
   * first use and kept in the database (server_secrets), which the test provider also reads.
   */
  callbackSecret: string | null;
  /** The provider's fee as a fraction of the total ("0.035" = 3.5 %) ... */
  feeRate: string;
  /** ... plus a fixed amount in USD per purchase. */
  feeFixed: string;
  /** The smallest and largest total of one purchase, in USD (whole dollars). */
  minUsd: string;
  maxUsd: string;
  /** How long a purchase waits for its payment before it expires, in ms. */
  expiryMs: number;
}

/**
 * Reads `CARD_PROVIDER`, `CARD_CALLBACK_SECRET`, `CARD_FEE_RATE`, `CARD_FEE_FIXED`,
 * `CARD_MIN_USD`, `CARD_MAX_USD` and `CARD_PURCHASE_MINUTES`.
 */
export function buySettings(
  read: (name: string) => string | undefined,
  fail: SettingProblem,
): BuySettings {
  const provider = read('CARD_PROVIDER') ?? 'test';
  if (!CARD_PROVIDERS.includes(provider as CardProviderName)) {
    fail('CARD_PROVIDER', `must be one of ${CARD_PROVIDERS.join(', ')} (got "${provider}")`);
  }
  const callbackSecret = read('CARD_CALLBACK_SECRET') ?? null;
  if (callbackSecret !== null && callbackSecret.length < 32) {
    // A secret: the message does not repeat it.
    fail('CARD_CALLBACK_SECRET', 'must be at least 32 characters');
  }
  const feeRate = read('CARD_FEE_RATE') ?? '0.035';
  if (!/^0(\.\d{1,6})?$/.test(feeRate) || Number(feeRate) > 0.2) {
    fail(
      'CARD_FEE_RATE',
      `must be a fraction from 0 to 0.2 with at most 6 decimals (got "${feeRate}")`,
    );
  }
  const feeFixed = read('CARD_FEE_FIXED') ?? '0.30';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(feeFixed)) {
    fail(
      'CARD_FEE_FIXED',
      `must be a USD amount below 1000 with at most 2 decimals (got "${feeFixed}")`,
    );
  }
  const minUsd = read('CARD_MIN_USD') ?? '20';
  const maxUsd = read('CARD_MAX_USD') ?? '5000';
  for (const [name, value] of [
    ['CARD_MIN_USD', minUsd],
    ['CARD_MAX_USD', maxUsd],
  ] as const) {
    if (!/^[1-9]\d{0,6}$/.test(value)) {
      fail(name, `must be a whole number of USD from 1 to 9999999 (got "${value}")`);
    }
  }
  if (Number(minUsd) > Number(maxUsd)) fail('CARD_MIN_USD', 'must not be above CARD_MAX_USD');
  if (Number(minUsd) <= Number(feeFixed)) fail('CARD_MIN_USD', 'must be above CARD_FEE_FIXED');
  const minutes = read('CARD_PURCHASE_MINUTES') ?? '15';
  if (!/^\d+$/.test(minutes) || Number(minutes) < 1 || Number(minutes) > 1440) {
    fail('CARD_PURCHASE_MINUTES', `must be a whole number from 1 to 1440 (got "${minutes}")`);
  }
  return {
    provider: provider as CardProviderName,
    callbackSecret,
    feeRate,
    feeFixed,
    minUsd,
    maxUsd,
    expiryMs: Number(minutes) * 60_000,
  };
}
