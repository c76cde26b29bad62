/**
 * An EVM network (Ethereum or BNB Smart Chain) on a real node, through viem and the node's
 * JSON-RPC: the network's own coin arrives as plain transactions to a deposit address, USDT as
 * the token contract's Transfer logs; withdrawals are signed by the hot wallet and followed by
 * their receipts. A block the node drops in a re-organisation takes its transfers with it, so the
 * deposit watcher, which reads the blocks still unconfirmed again on each run, never credits them.
 */
import type { Address, erc20Abi, Hex, PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Ticker } from '../../../core/protocol/index.ts';
import type { Queryable } from '../../storage/db.ts';
import { ASSET_NETWORKS, type AssetNetwork, assetNetwork } from '../chains/assetNetworks.ts';
import type {
  ChainAdapter,
  IncomingTransfer,
  OutgoingTransfer,
  SignedTransfer,
  TransferStatus,
} from '../chains/ChainAdapter.ts';
import type { DepositAddress, DepositAddresses } from '../chains/DepositAddresses.ts';
import { checksumEvmAddress, evmAddressOfPrivateKey } from '../chains/evmAddress.ts';
import { fromMinorUnits, toMinorUnits } from '../chains/minorUnits.ts';
import {
  type Destination,
  type DestinationInput,
  validateAddress,
} from '../chains/validateAddress.ts';
import type { EvmNetworkId, EvmNode } from './evmSettings.ts';
import { loadViem, type Viem } from './viem.ts';

/**
 * Gas each withdrawal may burn, fixed rather than estimated: an estimate fails when the transfer
 * would revert (the hot wallet short of tokens), and the withdrawal would then wait unsigned; with
 * a limit it is mined, reverts, and is released. A plain transfer costs exactly 21,000; a token
 * transfer about 35,000 to 65,000 (USDT's costs the most).
 */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

/** The ERC-20 Transfer event, whose logs viem decodes into who paid whom how much. */
type TransferEvent = Extract<(typeof erc20Abi)[number], { type: 'event'; name: 'Transfer' }>;

/** viem, the node's client and the hot wallet's signer: made on the first call to the node. */
interface Connection extends Viem {
  client: PublicClient;
  hotWallet: PrivateKeyAccount | null;
  transferEvent: TransferEvent;
}

/** See the file comment. */
export class EvmAdapter implements ChainAdapter {
  /** The address withdrawals are paid from, or null when no hot-wallet key is set. */
  readonly hotWalletAddress: Address | null;
  #connection: Promise<Connection> | undefined;
  /** The network's own coin (ETH, BNB) and its tokens, each with its contract on this chain. */
  private readonly native: AssetNetwork;
  private readonly tokens: readonly (AssetNetwork & { contract: Address })[];

  constructor(
    readonly network: EvmNetworkId,
    private readonly node: EvmNode,
    private readonly hotWalletKey: Hex | null,
    private readonly addresses: DepositAddresses,
    private readonly db: Queryable,
  ) {
    // Derived now, so a key off the curve stops the server at start rather than a withdrawal.
    this.hotWalletAddress = hotWalletKey === null ? null : evmAddressOfPrivateKey(hotWalletKey);
    const here = Object.values(ASSET_NETWORKS)
      .flat()
      .filter((on) => on.network === network);
    const native = here.find((on) => on.contract === null);
    if (native === undefined) throw new Error(`${network} has no native coin in the table`);
    this.native = native;
    this.tokens = here.flatMap((on) => {
      if (on.contract === null) return [];
      // The node's own USDT when one is set (a test chain deploys its own), else Tether's.
      const contract = on.asset === 'USDT' && node.usdtContract ? node.usdtContract : on.contract;
      return [{ ...on, contract: checksumEvmAddress(contract) }];
    });
  }

  validateAddress(input: DestinationInput): Destination {
    return validateAddress(this.network, input);
  }

  depositAddress(accountId: number): DepositAddress {
    return this.addresses.of(this.network, accountId);
  }

  async tip(): Promise<number> {
    // Uncached: viem keeps a block number for seconds by default, and a scan must see the newest.
    const { client } = await this.connect();
    return Number(await client.getBlockNumber({ cacheTime: 0 }));
  }

  async incomingTransfers(
    fromHeight: number,
    toHeight: number,
    addresses: ReadonlySet<string>,
  ): Promise<IncomingTransfer[]> {
    if (addresses.size === 0 || fromHeight > toHeight) return [];
    const tip = await this.tip();
    const to = Math.min(toHeight, tip);
    const wanted = new Map([...addresses].map((address) => [address.toLowerCase(), address]));
    const found = [
      ...(await this.nativeTransfers(fromHeight, to, wanted)),
      ...(await this.tokenTransfers(fromHeight, to, wanted)),
    ];
    return found.map((transfer) => ({
      ...transfer,
      confirmations: tip - transfer.blockHeight + 1,
    }));
  }

  async sign(transfer: OutgoingTransfer): Promise<SignedTransfer> {
    const { viem, client, hotWallet } = await this.connect();
    if (hotWallet === null) {
      throw new Error(
        `EVM_HOT_WALLET_KEY is not set: withdrawals on ${this.network} wait unsigned`,
      );
    }
    const on = assetNetwork(transfer.asset, this.network);
    const units = toMinorUnits(on, transfer.amount);
    const destination = checksumEvmAddress(transfer.destination.address);
    const token = this.tokens.find((candidate) => candidate.asset === on.asset);
    const call =
      token === undefined
        ? { to: destination, value: units, gas: NATIVE_GAS }
        : {
            to: token.contract,
            value: 0n,
            gas: TOKEN_GAS,
            data: viem.encodeFunctionData({
              abi: viem.erc20Abi,
              functionName: 'transfer',
              args: [destination, units],
            }),
          };
    const [chainId, fees, nonce] = await Promise.all([
      client.getChainId(),
      client.estimateFeesPerGas(),
      this.nextNonce(hotWallet.address),
    ]);
    const raw = await hotWallet.signTransaction({
      ...call,
      type: 'eip1559',
      chainId,
      nonce,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { txHash: viem.keccak256(raw), raw };
  }

  async broadcast(signed: SignedTransfer): Promise<void> {
    const { client } = await this.connect();
    try {
      await client.sendRawTransaction({ serializedTransaction: signed.raw as Hex });
    } catch (error) {
      // The node has it already (a re-send after a crash, or one the mempool kept): harmless.
      if (/already (known|imported)|known transaction/i.test(String(error))) return;
      throw error;
    }
  }

  async status(txHash: string): Promise<TransferStatus> {
    const { viem, client } = await this.connect();
    let receipt: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;
    try {
      receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
    } catch (error) {
      // Not mined, or mined in a block the chain has since dropped.
      if (error instanceof viem.TransactionReceiptNotFoundError) return { state: 'pending' };
      throw error;
    }
    if (receipt.status === 'reverted') {
      return { state: 'failed', reason: `reverted on chain in block ${receipt.blockNumber}` };
    }
    const tip = await this.tip();
    return { state: 'mined', confirmations: tip - Number(receipt.blockNumber) + 1 };
  }

  /** Successful plain transactions carrying the network's coin to a deposit address. */
  private async nativeTransfers(
    from: number,
    to: number,
    wanted: ReadonlyMap<string, string>,
  ): Promise<Omit<IncomingTransfer, 'confirmations'>[]> {
    const { client } = await this.connect();
    const heights = Array.from({ length: to - from + 1 }, (_, index) => BigInt(from + index));
    const blocks = await Promise.all(
      heights.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
    );
    const paying = blocks.flatMap((block) =>
      block.transactions.filter(
        (tx) => tx.to !== null && tx.value > 0n && wanted.has(tx.to.toLowerCase()),
      ),
    );
    // A reverted transaction moved nothing, though its value is written in it.
    const receipts = await Promise.all(
      paying.map((tx) => client.getTransactionReceipt({ hash: tx.hash })),
    );
    return paying.flatMap((tx, index) => {
      if (receipts[index]?.status !== 'success' || tx.to === null) return [];
      return [
        {
          // A plain transaction pays one address: its hash names the transfer.
          id: tx.hash,
          txHash: tx.hash,
          asset: this.native.asset,
          address: wanted.get(tx.to.toLowerCase()) ?? tx.to,
          tag: null,
          amount: fromMinorUnits(this.native, tx.value),
          blockHeight: Number(tx.blockNumber),
        },
      ];
    });
  }

  /** Token Transfer logs to a deposit address; a reverted transaction leaves no log. */
  private async tokenTransfers(
    from: number,
    to: number,
    wanted: ReadonlyMap<string, string>,
  ): Promise<Omit<IncomingTransfer, 'confirmations'>[]> {
    const { client, transferEvent } = await this.connect();
    const found: Omit<IncomingTransfer, 'confirmations'>[] = [];
    for (const token of this.tokens) {
      const logs = await client.getLogs({
        address: token.contract,
        event: transferEvent,
        args: { to: [...wanted.values()].map((address) => checksumEvmAddress(address)) },
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      // One transaction may pay several deposit addresses (a batch payout): each is its own
      // transfer, numbered in the transaction's order, which a re-organisation does not change
      // (the block-wide log index does when the transaction lands in another block).
      const perTransaction = new Map<string, number>();
      for (const log of logs) {
        const n = perTransaction.get(log.transactionHash) ?? 0;
        perTransaction.set(log.transactionHash, n + 1);
        if (log.args.value === 0n) continue;
        found.push({
          id: `${log.transactionHash}:${n}`,
          txHash: log.transactionHash,
          asset: token.asset as Ticker,
          address: wanted.get(log.args.to.toLowerCase()) ?? log.args.to,
          tag: null,
          amount: fromMinorUnits(token, log.args.value),
          blockHeight: Number(log.blockNumber),
        });
      }
    }
    return found;
  }

  /**
   * The hot wallet's next nonce: past what the node has seen from it, and past every withdrawal
   * signed and stored but not yet mined (one run signs several before any is broadcast, and a
   * crash may leave some unsent). Read from what is stored, never counted in memory, so a crash
   * between signing and storing leaves no gap that would hold every later withdrawal back.
   */
  private async nextNonce(hotWallet: Address): Promise<number> {
    const { viem, client } = await this.connect();
    const [onChain, stored] = await Promise.all([
      client.getTransactionCount({ address: hotWallet, blockTag: 'pending' }),
      this.db
        .selectFrom('withdrawals')
        .select('signed_tx')
        .where('network', '=', this.network)
        .where('status', '=', 'sent')
        .execute(),
    ]);
    let next = onChain;
    for (const { signed_tx } of stored) {
      if (signed_tx === null || !signed_tx.startsWith('0x')) continue;
      const { nonce } = viem.parseTransaction(signed_tx as Hex);
      if (nonce !== undefined && nonce + 1 > next) next = nonce + 1;
    }
    return next;
  }

  /** viem loaded, and the node's client and the hot wallet's signer made, on the first call. */
  private connect(): Promise<Connection> {
    this.#connection ??= loadViem().then((loaded) => ({
      ...loaded,
      // Batched: a scan's many block reads share HTTP requests.
      client: loaded.viem.createPublicClient({
        transport: loaded.viem.http(this.node.rpcUrl, { batch: true }),
      }),
      hotWallet:
        this.hotWalletKey === null ? null : loaded.accounts.privateKeyToAccount(this.hotWalletKey),
      transferEvent: loaded.viem.erc20Abi.find(
        (item) => item.type === 'event' && item.name === 'Transfer',
      ) as TransferEvent,
    }));
    return this.#connection;
  }
}
