/**
 * Checks where a withdrawal is going: the address in its network's format and checksum, and the
 * destination tag on networks that use one. Every refusal says what to do about it, and names the
 * network an address belongs to when it was pasted on the wrong one.
 */
import { type ErrorReport, refusalOf } from '../../../core/errors/index.ts';
import { MAX_DESTINATION_TAG as MAX_TAG } from '../../../core/protocol/index.ts';
import type { AddressCheck } from './AddressCheck.ts';
import { AddressError } from './AddressError.ts';
import { BITCOIN, checkBitcoinAddress, DOGECOIN, LITECOIN } from './bitcoinAddress.ts';
import { checkEvmAddress } from './evmAddress.ts';
import { type AddressFormat, NETWORKS, type Network, type NetworkId } from './networks.ts';
import { checkSolanaAddress } from './solanaAddress.ts';
import { checkTronAddress } from './tronAddress.ts';
import { checkXrpAddress } from './xrpAddress.ts';

/** What a person enters as a destination. */
export interface DestinationInput {
  address: string;
  /** The destination tag as typed; empty or absent for none. */
  tag?: string | undefined;
  /**
   * The person confirmed that the receiving wallet needs no tag. Without it a tag is required
   * where the network has one: an exchange's address without its tag loses the funds to a
   * support ticket.
   */
  withoutTag?: boolean | undefined;
}

/** A destination that passed: the address in its canonical spelling and the tag, if any. */
export interface Destination {
  address: string;
  tag: number | null;
}

const CHECKS: Readonly<Record<AddressFormat, (text: string) => AddressCheck>> = {
  bitcoin: (text) => checkBitcoinAddress(BITCOIN, text),
  litecoin: (text) => checkBitcoinAddress(LITECOIN, text),
  dogecoin: (text) => checkBitcoinAddress(DOGECOIN, text),
  evm: checkEvmAddress,
  tron: checkTronAddress,
  solana: checkSolanaAddress,
  xrp: checkXrpAddress,
};

/** Whether the text is a valid address of the network (no tag rules applied). */
export function isAddressOf(network: NetworkId, text: string): boolean {
  return CHECKS[NETWORKS[network].addressFormat](text).ok;
}

/** The destination checked for the network; AddressError with a message a person can act on. */
export function validateAddress(networkId: NetworkId, input: DestinationInput): Destination {
  const network = NETWORKS[networkId];
  const text = input.address.trim();
  if (text === '') {
    throw new AddressError('empty', refusalOf('address.empty', { network: network.name }));
  }
  const check = CHECKS[network.addressFormat](text);
  if (!check.ok) throw new AddressError(check.problem, addressRefusal(network, text, check));
  return { address: check.address, tag: destinationTag(network, input, check.tag) };
}

function addressRefusal(
  network: Network,
  text: string,
  check: AddressCheck & { ok: false },
): ErrorReport {
  const aNetwork = an(network.name);
  if (check.problem === 'network') {
    return refusalOf('address.testnet', {
      foreign: an(check.foreign),
      network: network.name,
      aNetwork,
    });
  }
  if (check.problem === 'checksum') {
    const how =
      network.addressFormat === 'evm'
        ? 'the capital and small letters do not match its checksum (EIP-55)'
        : 'its checksum does not match';
    return refusalOf('address.checksum', { network: network.name, how });
  }
  const elsewhere = networksAccepting(network, text);
  if (elsewhere.length > 0) {
    return refusalOf('address.otherNetwork', { elsewhere: an(elsewhere.join(' or ')), aNetwork });
  }
  return refusalOf('address.format', { aNetwork, hint: network.addressHint });
}

/** The names of the other networks (of another format) for which the text is a valid address. */
function networksAccepting(network: Network, text: string): string[] {
  return Object.values(NETWORKS)
    .filter((other) => other.addressFormat !== network.addressFormat)
    .filter((other) => CHECKS[other.addressFormat](text).ok)
    .map((other) => other.name);
}

/** The name with its article: "an Ethereum", "an XRP Ledger", "a Bitcoin". */
function an(name: string): string {
  return `${/^[AEIOX]/.test(name) ? 'an' : 'a'} ${name}`;
}

function destinationTag(
  network: Network,
  input: DestinationInput,
  carried: number | null,
): number | null {
  const typed = input.tag?.trim() ?? '';
  if (network.tag === null) {
    if (typed !== '') {
      throw new AddressError('tag', refusalOf('address.noTag', { network: network.name }));
    }
    return null;
  }
  const tagName = network.tag.toLowerCase();
  if (typed === '') {
    if (carried !== null || input.withoutTag === true) return carried;
    throw new AddressError('tag', refusalOf('address.tagRequired', { tag: tagName }));
  }
  const tag = Number(typed);
  if (!/^\d{1,10}$/.test(typed) || tag > MAX_TAG) {
    throw new AddressError('tag', refusalOf('address.tagFormat', { tag: tagName, max: MAX_TAG }));
  }
  if (carried !== null && carried !== tag) {
    throw new AddressError('tag', refusalOf('address.tagMismatch', { tag: tagName, carried }));
  }
  return tag;
}
