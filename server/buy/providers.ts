/**
 * The provider card purchases are paid through, built once per database and settings, and the
 * secret its callbacks are signed with: `CARD_CALLBACK_SECRET`, or one generated on first use and
 * kept in the database, so every process behind it (and the test provider) agrees on it.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../storage/db.ts';
import { serverSecret } from '../support/secrets.ts';
import type { BuySettings } from './buySettings.ts';
import { TestCardProvider } from './TestCardProvider.ts';

const built = new WeakMap<Database, WeakMap<BuySettings, TestCardProvider>>();

/** The secret shared with the provider that signs its callbacks. */
export function callbackSecret(db: Database, settings: BuySettings): Promise<string> {
  if (settings.callbackSecret !== null) return Promise.resolve(settings.callbackSecret);
  return serverSecret(db, 'card_callback_secret', () => randomBytes(32).toString('hex'));
}

/** The configured provider (today only the built-in test provider, `CARD_PROVIDER=test`). */
export function cardProvider(db: Database, settings: BuySettings): TestCardProvider {
  let bySettings = built.get(db);
  if (bySettings === undefined) {
    bySettings = new WeakMap();
    built.set(db, bySettings);
  }
  let provider = bySettings.get(settings);
  if (provider === undefined) {
    provider = new TestCardProvider(db, () => callbackSecret(db, settings));
    bySettings.set(settings, provider);
  }
  return provider;
}
