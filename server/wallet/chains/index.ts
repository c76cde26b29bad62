/**
 * The wallet's chains: the networks each asset moves on, destination checks, deposit addresses
 * and the adapter every network (the devnet or a real node) is reached through.
 */
export { AddressError, type AddressProblem } from './AddressError.ts';
export { ASSET_NETWORKS, type AssetNetwork, assetNetwork } from './assetNetworks.ts';
export type {
  ChainAdapter,
  IncomingTransfer,
  OutgoingTransfer,
  SignedTransfer,
  TransferStatus,
} from './ChainAdapter.ts';
export { type DepositAddress, DepositAddresses, MAX_ACCOUNT_ID } from './DepositAddresses.ts';
export { devnetTransactionId } from './devnetTransactionId.ts';
export { fromMinorUnits, toMinorUnits } from './minorUnits.ts';
export { findNetwork, NETWORKS, type Network, type NetworkId } from './networks.ts';
export {
  type Destination,
  type DestinationInput,
  isAddressOf,
  validateAddress,
} from './validateAddress.ts';
