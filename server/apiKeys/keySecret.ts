/**
 * HMAC secrets at rest: sealed as two-factor secrets are (accounts/secretBox.ts), with the key's
 * own id in the associated data, so neither a sealed two-factor secret nor another key's secret
 * opens as this key's.
 */
import { openSecret, sealSecret } from '../accounts/secretBox.ts';

/** Seals a new key's secret for its account and id. */
export function sealKeySecret(boxKey: string, userId: number, keyId: string, secret: string) {
  return sealSecret(boxKey, userId, secret, `api-key:${keyId}`);
}

/** Opens what sealKeySecret sealed for the same account and key; throws otherwise. */
export function openKeySecret(boxKey: string, userId: number, keyId: string, sealed: string) {
  return openSecret(boxKey, userId, sealed, `api-key:${keyId}`);
}
