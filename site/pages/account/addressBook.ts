/**
 * The address book's rules as the withdrawal page applies them: which networks an address can be
 * saved for, when a saved address may be used, and the cheap checks of the add form. The server
 * checks everything again, the address itself included; where a rule is the server's, the form
 * says it in the server's words.
 */

import { errorText } from '../../../core/errors/index.ts';
import {
  type AddressBook,
  type AssetNetworks,
  MAX_DESTINATION_TAG,
  type NetworkInfo,
  type SavedAddress,
} from '../../../core/index.ts';

/** The longest label the protocol allows. */
export const LABEL_MAX = 40;

/** A network an address can be saved for: its id, its name and the name of its tag, if any. */
export type BookNetwork = Pick<NetworkInfo, 'network' | 'name' | 'tagName'>;

/** Every network of every asset, once each, in the order the assets offer them. */
export function bookNetworks(assets: readonly AssetNetworks[]): BookNetwork[] {
  const seen = new Map<string, BookNetwork>();
  for (const { networks } of assets) {
    for (const { network, name, tagName } of networks) {
      if (!seen.has(network)) seen.set(network, { network, name, tagName });
    }
  }
  return [...seen.values()];
}

/** Whether withdrawals to `saved` may start at `now` (ms since the epoch). */
export function isUsable(saved: SavedAddress, now: number): boolean {
  return Date.parse(saved.usableFrom) <= now;
}

/** The saved address of `network` that `address` and `tag` are, if any. */
export function findSaved(
  addresses: readonly SavedAddress[],
  network: string,
  address: string,
  tag: string,
): SavedAddress | undefined {
  const wanted = address.trim();
  const wantedTag = tag.trim();
  return addresses.find(
    (saved) =>
      saved.network === network &&
      saved.address === wanted &&
      (saved.tag === null ? '' : String(saved.tag)) === wantedTag,
  );
}

/**
 * Whether the withdrawal form may send to `address` (and `tag`) on `network`: any address, or,
 * when the account withdraws only to saved addresses, a saved one that is usable at `now`.
 */
export function addressAllowed(
  book: AddressBook | null,
  network: string,
  address: string,
  tag: string,
  now: number,
): boolean {
  if (!book?.onlySaved) return true;
  const saved = findSaved(book.addresses, network, address, tag);
  return saved !== undefined && isUsable(saved, now);
}

/** What the add form holds. */
export interface SavedAddressFields {
  label: string;
  address: string;
  tag: string;
  code: string;
}

/** A message per add-form field that needs fixing. */
export type SavedAddressErrors = Partial<Record<keyof SavedAddressFields, string>>;

/** The problems of saving `fields` on the network `networkName`, whose tag is `tagName` (or none). */
export function validateSavedAddress(
  fields: SavedAddressFields,
  terms: { networkName: string; tagName: string | null; needsCode: boolean },
): SavedAddressErrors {
  const errors: SavedAddressErrors = {};
  const label = fields.label.trim();
  if (label === '' || label.length > LABEL_MAX) {
    errors.label = errorText('addressBook.label', { max: LABEL_MAX });
  }
  if (fields.address.trim() === '') {
    errors.address = errorText('address.empty', { network: terms.networkName });
  }
  const tag = fields.tag.trim();
  if (terms.tagName !== null && tag !== '' && !isTag(tag))
    errors.tag = tagFormatText(terms.tagName);
  if (terms.needsCode && fields.code.trim() === '')
    errors.code = errorText('addressBook.codeRequired');
  return errors;
}

/** Whether the text is a destination tag a network takes: a whole number up to 32 bits. */
export function isTag(text: string): boolean {
  const typed = text.trim();
  return /^\d{1,10}$/.test(typed) && Number(typed) <= MAX_DESTINATION_TAG;
}

/** The server's words for a malformed tag, naming the network's word for it. */
export function tagFormatText(tagName: string | null): string {
  const tag = (tagName ?? 'Tag').toLowerCase();
  return errorText('address.tagFormat', { tag, max: MAX_DESTINATION_TAG });
}

/** A long address cut to its ends ("0x71C7…976F"), for a select's option. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}
