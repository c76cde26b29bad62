/**
 * One network of the built-in devnet behind the chain-adapter interface, so deposits and
 * withdrawals work the same on the devnet as on a real node. Amounts cross the interface as
 * decimal strings in the asset's unit and are kept on the chain in its minor units.
 */
import { z } from 'zod';
import { ASSETS, QUOTE } from '../../../core/protocol/index.ts';
import { assetNetwork } from '../chains/assetNetworks.ts';
import type {
  ChainAdapter,
  IncomingTransfer,
  OutgoingTransfer,
  SignedTransfer,
  TransferStatus,
} from '../chains/ChainAdapter.ts';
import type { DepositAddress, DepositAddresses } from '../chains/DepositAddresses.ts';
import { devnetTransactionId } from '../chains/devnetTransactionId.ts';
import { fromMinorUnits, toMinorUnits } from '../chains/minorUnits.ts';
import type { NetworkId } from '../chains/networks.ts';
import {
  type Destination,
  type DestinationInput,
  validateAddress,
} from '../chains/validateAddress.ts';
import type { Devnet } from './Devnet.ts';

/** A signed devnet transaction's content: what `broadcast` puts on the chain. */
const RAW = z.object({
  asset: z.enum([...ASSETS, QUOTE]),
  address: z.string(),
  tag: z.number().int().nullable(),
  units: z.string().regex(/^[1-9]\d*$/),
});

/** See the file comment. */
export class DevnetAdapter implements ChainAdapter {
  constructor(
    readonly network: NetworkId,
    private readonly devnet: Devnet,
    private readonly addresses: DepositAddresses,
  ) {}

  validateAddress(input: DestinationInput): Destination {
    return validateAddress(this.network, input);
  }

  depositAddress(accountId: number): DepositAddress {
    return this.addresses.of(this.network, accountId);
  }

  tip(): Promise<number> {
    return this.devnet.tip(this.network);
  }

  async incomingTransfers(
    fromHeight: number,
    toHeight: number,
    addresses: ReadonlySet<string>,
  ): Promise<IncomingTransfer[]> {
    const found = await this.devnet.transfersTo(this.network, fromHeight, toHeight, [...addresses]);
    return found.flatMap((transfer) => {
      // Mined, so never null here; the check keeps the type honest.
      if (transfer.blockHeight === null) return [];
      return [
        {
          // One devnet transaction pays one address: its hash names the transfer.
          id: transfer.txHash,
          txHash: transfer.txHash,
          asset: transfer.asset,
          address: transfer.address,
          tag: transfer.tag,
          amount: fromMinorUnits(assetNetwork(transfer.asset, this.network), transfer.units),
          blockHeight: transfer.blockHeight,
          confirmations: transfer.confirmations,
        },
      ];
    });
  }

  async sign(transfer: OutgoingTransfer): Promise<SignedTransfer> {
    const units = toMinorUnits(assetNetwork(transfer.asset, this.network), transfer.amount);
    const { address, tag } = transfer.destination;
    return {
      // From the withdrawal's id: signing it again gives the same transaction.
      txHash: devnetTransactionId(this.network, `withdrawal ${transfer.withdrawalId}`),
      raw: JSON.stringify({ asset: transfer.asset, address, tag, units: units.toString() }),
    };
  }

  async broadcast(signed: SignedTransfer): Promise<void> {
    const { asset, address, tag, units } = RAW.parse(JSON.parse(signed.raw));
    await this.devnet.send({
      network: this.network,
      asset,
      address,
      tag,
      units: BigInt(units),
      txHash: signed.txHash,
    });
  }

  async status(txHash: string): Promise<TransferStatus> {
    const transaction = await this.devnet.transaction(this.network, txHash);
    if (transaction === null || transaction.blockHeight === null) return { state: 'pending' };
    return { state: 'mined', confirmations: transaction.confirmations };
  }
}
