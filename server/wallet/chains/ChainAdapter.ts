/**
 * What the wallet needs from one network, whether a simulated devnet or a real node: checking a
 * destination, an account's deposit address, the transfers arriving with their confirmations, and
 * a withdrawal sent and followed. Amounts are exact decimal strings in the asset's unit; the
 * adapter alone converts them to the chain's minor units.
 */
import type { Ticker } from '../../../core/protocol/index.ts';
import type { DepositAddress } from './DepositAddresses.ts';
import type { NetworkId } from './networks.ts';
import type { Destination, DestinationInput } from './validateAddress.ts';

/** A transfer to one of the exchange's deposit addresses, as the chain shows it now. */
export interface IncomingTransfer {
  /**
   * Unique on the network and the same wherever the transfer is mined: the transaction hash,
   * plus the output or log index where one transaction pays several addresses. A deposit is
   * credited once per id.
   */
  id: string;
  txHash: string;
  asset: Ticker;
  address: string;
  /** The destination tag it carried, on networks that have one. */
  tag: number | null;
  amount: string;
  /** The height of the transfer's block: a watcher reads again from there until it is credited. */
  blockHeight: number;
  /** Blocks from the transfer's own to the tip, both included. */
  confirmations: number;
}

/** A withdrawal to send: its id in the exchange makes signing it twice give one transaction. */
export interface OutgoingTransfer {
  withdrawalId: string;
  asset: Ticker;
  destination: Destination;
  /** What the destination receives; the network fee is the exchange's to pay from its charge. */
  amount: string;
}

/** A signed transaction, stored before it is sent so a restart re-sends it rather than a new one. */
export interface SignedTransfer {
  txHash: string;
  /** The serialized transaction, in the network's own encoding. */
  raw: string;
}

/** Where a sent transaction stands. */
export type TransferStatus =
  /** Not (yet) in a block the adapter can see: in the mempool, or not received. */
  | { state: 'pending' }
  | { state: 'mined'; confirmations: number }
  /** Mined and reverted, or refused by the network: nothing left the exchange. */
  | { state: 'failed'; reason: string };

/** One network's chain, as the wallet uses it. */
export interface ChainAdapter {
  readonly network: NetworkId;
  /** The destination checked for this network (AddressError when it cannot be used). */
  validateAddress(input: DestinationInput): Destination;
  /** The account's deposit address on this network. */
  depositAddress(accountId: number): DepositAddress;
  /** The height of the newest block. */
  tip(): Promise<number>;
  /**
   * Transfers to `addresses` in blocks `fromHeight` to `toHeight` (both included; the tip when
   * that is lower). A transfer whose block the chain dropped in a re-organisation is no longer
   * listed, so it is never credited.
   */
  incomingTransfers(
    fromHeight: number,
    toHeight: number,
    addresses: ReadonlySet<string>,
  ): Promise<IncomingTransfer[]>;
  /** Builds and signs the withdrawal's transaction without sending it. */
  sign(transfer: OutgoingTransfer): Promise<SignedTransfer>;
  /** Sends a signed transaction; sending the same one again is harmless. */
  broadcast(signed: SignedTransfer): Promise<void>;
  /** Where a sent transaction stands now. */
  status(txHash: string): Promise<TransferStatus>;
}
