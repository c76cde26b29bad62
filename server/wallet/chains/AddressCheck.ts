/** One address format's verdict on a text, before any message is worded. */

/**
 * The address in its canonical spelling (and the tag an XRP X-address carries), or why it is
 * not one: not the format's shape, a failed checksum, or a valid address of another network
 * (`foreign` names it, such as "Bitcoin testnet").
 */
export type AddressCheck =
  | { ok: true; address: string; tag: number | null }
  | { ok: false; problem: 'format' | 'checksum' }
  | { ok: false; problem: 'network'; foreign: string };

/** A check that passed, with no tag. */
export function valid(address: string): AddressCheck {
  return { ok: true, address, tag: null };
}

/** Base58 (Bitcoin's alphabet, which XRP's is a reordering of): no 0, O, I or l. */
export const BASE58_CHARACTERS = '[1-9A-HJ-NP-Za-km-z]';
