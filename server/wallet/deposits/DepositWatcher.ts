/**
 * Finds deposits on every chain it is given and credits them once confirmed. Each run reads each
 * network from the oldest of: the block after the last one it finished, the oldest deposit still
 * waiting (so it gains its confirmations), and the first block not yet confirmed (a
 * re-organisation may have replaced those blocks with others carrying new deposits). A waiting
 * deposit whose block the chain no longer lists was dropped in a re-organisation and is marked
 * so, never credited. A network seen for the first time is read from its unconfirmed blocks on,
 * not from its genesis, and a run reads at most MAX_BLOCKS_PER_RUN blocks of a chain, so a server
 * back from a long stop catches up over several runs. It speaks to chains only through the
 * chain-adapter interface, so a real node plugs in as the devnet does.
 */
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DomainError } from '../../errors/DomainError.ts';
import type { ServerEventBus } from '../../events/ServerEvents.ts';
import type { Queryable } from '../../storage/db.ts';
import { type AssetNetwork, assetNetwork } from '../chains/assetNetworks.ts';
import type { ChainAdapter, IncomingTransfer } from '../chains/ChainAdapter.ts';
import { NETWORKS } from '../chains/networks.ts';
import { recordDeposit } from './recordDeposit.ts';

/** Where the watcher reports transfers it cannot attribute and chains that fail (a pino logger). */
export interface WatcherLog {
  warn(context: object, message: string): void;
}

/** Most blocks of one chain a run reads; the rest wait for the next run. */
export const MAX_BLOCKS_PER_RUN = 500;

/** What one run did, for the logs and the tests. */
export interface WatchReport {
  credited: number;
  dropped: number;
}

/** What a run starts from (see `readState`). */
interface WatchState {
  scanned: { network: string; height: number }[];
  waiting: { network: string; height: number }[];
  owners: { network: string; user_id: number; address: string; tag: number | null }[];
}

/** See the file comment. */
export class DepositWatcher {
  /** Whether the last run read every chain (none failed). */
  private readEvery = false;

  constructor(
    private readonly db: Queryable,
    private readonly adapters: readonly ChainAdapter[],
    private readonly log: WatcherLog,
    private readonly events?: ServerEventBus,
  ) {}

  /** Whether the last run read every chain it was given: none failed, and it finished. */
  get readEveryChain(): boolean {
    return this.readEvery;
  }

  /** Reads every chain once; a failing chain is logged and the others still read. */
  async run(): Promise<WatchReport> {
    this.readEvery = false;
    let failed = false;
    const { scanned, waiting, owners } = await this.readState();
    const report: WatchReport = { credited: 0, dropped: 0 };
    // Whose deposits moved (a confirmation more, credited, dropped): their pages follow live.
    const moved = new Set<number>();
    const finished: { network: string; height: number }[] = [];
    // Every chain's tip asked at once: the devnet's in one query, the nodes' side by side.
    const tips = await Promise.allSettled(this.adapters.map((adapter) => adapter.tip()));
    for (const [index, adapter] of this.adapters.entries()) {
      const { network } = adapter;
      try {
        const asked = tips[index] as PromiseSettledResult<number>;
        if (asked.status === 'rejected') throw asked.reason;
        const tip = asked.value;
        const unconfirmed = Math.max(1, tip - NETWORKS[network].confirmations + 1);
        const oldest = waiting.find((row) => row.network === network)?.height ?? null;
        const last = scanned.find((row) => row.network === network)?.height;
        const next = last === undefined ? unconfirmed : last + 1;
        const from = Math.min(next, oldest ?? next, unconfirmed);
        if (from > tip) continue;
        // Bounded in new blocks only: what is read again below `next` is the unconfirmed window,
        // or a waiting deposit that this read credits or drops.
        const to = Math.min(tip, Math.max(from, next) + MAX_BLOCKS_PER_RUN - 1);
        const own = owners.filter((owner) => owner.network === network);
        const one = await this.scan(adapter, from, to, own, oldest !== null, moved);
        report.credited += one.credited;
        report.dropped += one.dropped;
        finished.push({ network, height: Math.max(to, last ?? 0) });
      } catch (error) {
        failed = true;
        this.log.warn({ err: error, network }, 'deposit watcher: chain not read');
      }
    }
    if (finished.length > 0) {
      await this.db
        .insertInto('deposit_scans')
        .values(finished)
        .onConflict((conflict) =>
          conflict.column('network').doUpdateSet((eb) => ({ height: eb.ref('excluded.height') })),
        )
        .execute();
    }
    if (moved.size > 0) this.events?.publish('wallet.balancesChanged', { userIds: [...moved] });
    this.readEvery = !failed;
    return report;
  }

  /**
   * Where each network's last run finished, its oldest waiting deposit and its deposit addresses,
   * for every network at once in one statement: a run costs few round trips however many
   * networks there are, and the idle server's clock asks little of its database.
   */
  private async readState(): Promise<WatchState> {
    return this.db
      .selectNoFrom((eb) => [
        jsonArrayFrom(eb.selectFrom('deposit_scans').select(['network', 'height'])).as('scanned'),
        jsonArrayFrom(
          eb
            .selectFrom('deposits')
            .select(['network', (inner) => inner.fn.min<number>('block_height').as('height')])
            .where('status', '=', 'pending')
            .groupBy('network'),
        ).as('waiting'),
        jsonArrayFrom(
          eb.selectFrom('deposit_addresses').select(['network', 'user_id', 'address', 'tag']),
        ).as('owners'),
      ])
      .executeTakeFirstOrThrow();
  }

  /** Records the transfers to `owners` in blocks `from` to `to`, and drops what vanished. */
  private async scan(
    adapter: ChainAdapter,
    from: number,
    to: number,
    owners: readonly { user_id: number; address: string; tag: number | null }[],
    anyWaiting: boolean,
    moved: Set<number>,
  ): Promise<WatchReport> {
    const { network } = adapter;
    const report: WatchReport = { credited: 0, dropped: 0 };
    if (owners.length === 0) return report;
    const ownerOf = new Map(owners.map((owner) => [key(owner.address, owner.tag), owner.user_id]));
    const transfers = await adapter.incomingTransfers(
      from,
      to,
      new Set(owners.map((owner) => owner.address)),
    );
    const seen: string[] = [];
    for (const transfer of transfers) {
      // Only a network with tags tells accounts apart by them: elsewhere the address is enough.
      const tag = NETWORKS[network].tag === null ? null : transfer.tag;
      const userId = ownerOf.get(key(transfer.address, tag));
      const on = supported(transfer, network);
      if (userId === undefined || on === null) {
        this.log.warn(
          { network, txHash: transfer.txHash, address: transfer.address, tag: transfer.tag },
          'deposit watcher: a transfer to a deposit address names no account or asset here; not credited',
        );
        continue;
      }
      seen.push(transfer.id);
      const recorded = await recordDeposit(this.db, userId, on, transfer);
      if (recorded === 'credited') report.credited++;
      if (recorded !== 'unchanged' || transfer.confirmations <= NETWORKS[network].confirmations) {
        moved.add(userId);
      }
    }
    if (anyWaiting) {
      const dropped = await this.markDropped(network, from, to, seen);
      report.dropped = dropped.length;
      for (const userId of dropped) moved.add(userId);
    }
    return report;
  }

  /** Waiting deposits in the blocks just read that the chain no longer lists; their owners. */
  private async markDropped(
    network: string,
    from: number,
    to: number,
    seen: readonly string[],
  ): Promise<number[]> {
    let query = this.db
      .updateTable('deposits')
      .set({ status: 'dropped', confirmations: 0 })
      .where('network', '=', network)
      .where('status', '=', 'pending')
      .where('block_height', '>=', from)
      .where('block_height', '<=', to);
    if (seen.length > 0) query = query.where('transfer_id', 'not in', seen);
    const dropped = await query.returning('user_id').execute();
    return dropped.map((row) => row.user_id);
  }
}

function key(address: string, tag: number | null): string {
  return `${address} ${tag ?? ''}`;
}

/** The asset on the network, or null when the exchange does not take it there. */
function supported(
  transfer: IncomingTransfer,
  network: ChainAdapter['network'],
): AssetNetwork | null {
  try {
    return assetNetwork(transfer.asset, network);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
