/**
 * Checks where a withdrawal is going: the address in its network's format and checksum, and the
 * destination tag on networks that use one. Every refusal says what to do about it, and names the
 * network an address belongs to when it was pasted on the wrong one.
 */
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
  if (text === '') throw new AddressError('empty', `Enter the ${network.name} address to send to.`);
  const check = CHECKS[network.addressFormat](text);
  if (!check.ok) throw new AddressError(check.problem, refusal(network, text, check));
  return { address: check.address, tag: destinationTag(network, input, check.tag) };
}

function refusal(network: Network, text: string, check: AddressCheck & { ok: false }): string {
  if (check.problem === 'network') {
    return `This is ${an(check.foreign)} address; withdrawals go to the ${network.name} main network. Paste an address from ${an(network.name)} wallet.`;
  }
  if (check.problem === 'checksum') {
    const how =
      network.addressFormat === 'evm'
        ? 'the capital and small letters do not match its checksum (EIP-55)'
        : 'its checksum does not match';
    return `This ${network.name} address has a mistake: a character is wrong, missing or swapped (${how}). Copy it again from the receiving wallet rather than typing it.`;
  }
  const elsewhere = networksAccepting(network, text);
  if (elsewhere.length > 0) {
    return `This is ${an(elsewhere.join(' or '))} address, not ${an(network.name)} one. Choose the network it belongs to, or paste ${an(network.name)} address: coins sent on the wrong network are lost.`;
  }
  return `This is not ${an(network.name)} address: ${an(network.name)} address ${network.addressHint}.`;
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

const MAX_TAG = 4_294_967_295;

function destinationTag(
  network: Network,
  input: DestinationInput,
  carried: number | null,
): number | null {
  const typed = input.tag?.trim() ?? '';
  if (network.tag === null) {
    if (typed !== '') {
      throw new AddressError(
        'tag',
        `${network.name} addresses take no tag or memo: leave it empty.`,
      );
    }
    return null;
  }
  if (typed === '') {
    if (carried !== null || input.withoutTag === true) return carried;
    throw new AddressError(
      'tag',
      `Enter the ${network.tag.toLowerCase()} the receiving exchange or wallet gave you with this address. If it gave none, confirm that you are sending without a ${network.tag.toLowerCase()}.`,
    );
  }
  const tag = Number(typed);
  if (!/^\d{1,10}$/.test(typed) || tag > MAX_TAG) {
    throw new AddressError(
      'tag',
      `A ${network.tag.toLowerCase()} is a whole number from 0 to ${MAX_TAG}.`,
    );
  }
  if (carried !== null && carried !== tag) {
    throw new AddressError(
      'tag',
      `This address already carries ${network.tag.toLowerCase()} ${carried}; leave the tag empty or enter the same number.`,
    );
  }
  return tag;
}
