/**
 * The built-in devnet: a simulated chain per network, kept in the database. Each block takes the
 * transactions waiting for it, so a transfer sent now is in the next block and gains a
 * confirmation with every block after, as on a real chain. Coins come from nowhere: the devnet
 * tracks transfers, not the balances of addresses outside the exchange.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Ticker } from '../../../core/protocol/index.ts';
import type { Queryable } from '../../storage/db.ts';
import { devnetTransactionId } from '../chains/devnetTransactionId.ts';
import { NETWORKS, type NetworkId } from '../chains/networks.ts';

/** Every network's id: the devnet runs a chain for each. */
export const DEVNET_NETWORKS = Object.keys(NETWORKS) as NetworkId[];

/** A transfer to put on a devnet chain, its amount in the network's minor units. */
export interface DevnetTransfer {
  network: NetworkId;
  asset: Ticker;
  address: string;
  tag: number | null;
  units: bigint;
  /** The transaction's hash; a fresh one when absent. */
  txHash?: string;
  /** Who asked the faucet for it ('user:<id>' or 'ip:<address>'), or absent. */
  requestedBy?: string;
}

/** A devnet transaction as the chain shows it. */
export interface DevnetTransaction {
  txHash: string;
  asset: Ticker;
  address: string;
  tag: number | null;
  units: bigint;
  /** Its block, or null while it waits for the next one. */
  blockHeight: number | null;
  /** Blocks from its own to the tip, both included; 0 while it waits. */
  confirmations: number;
}

/** Who hears of a transfer sent on any devnet chain of this process (see `Devnet.onSend`). */
const sendListeners = new Set<() => void>();

/** See the file comment. */
export class Devnet {
  /** The networks whose chain rows exist: a block then takes one statement, no transaction. */
  private readonly started = new Set<NetworkId>();
  /** Tips asked for in this turn of the event loop, read together by one query. */
  private tipsAsked: Promise<Map<string, number>> | null = null;

  constructor(private readonly db: Queryable) {}

  /**
   * Calls `listener` each time a transfer is put on a devnet chain in this process (perhaps in a
   * transaction not yet committed); returns the function that stops it. The block maker of a
   * server alone on its database sleeps while no chain has anything waiting, and this wakes it.
   */
  static onSend(listener: () => void): () => void {
    sendListeners.add(listener);
    return () => sendListeners.delete(listener);
  }

  /**
   * Mines one block on each network whose chain has something to do: a transaction waiting for a
   * block, or one short of its network's confirmations (a chain nobody waits on stands still,
   * which nobody can tell from outside: heights are only counted from a transaction's block).
   * With `gapMs`, only on networks whose last block is at least that old (servers sharing a
   * database each keep the clock; the chain still makes one block an interval). Whether any
   * block was made.
   */
  async mine(networks: readonly NetworkId[] = DEVNET_NETWORKS, gapMs = 0): Promise<boolean> {
    const unstarted = networks.filter((network) => !this.started.has(network));
    if (unstarted.length > 0) {
      await this.db
        .insertInto('devnet_chains')
        .values(unstarted.map((network) => ({ network })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      for (const network of unstarted) this.started.add(network);
    }
    const wanted = sql.join(
      networks.map((network) => sql`(${network}::text, ${NETWORKS[network].confirmations}::int)`),
    );
    // One statement moves every tip and fills every block, so a block is never seen half made.
    const { rows } = await sql<{ blocks: number }>`with tips as (
        update devnet_chains c set height = c.height + 1, mined_at = now()
        from (values ${wanted}) as need(network, confirmations)
        where c.network = need.network
          and c.mined_at <= now() - make_interval(secs => ${gapMs / 1000})
          and exists (select 1 from devnet_transactions w where w.network = c.network
            and (w.block_height is null or w.block_height > c.height + 1 - need.confirmations))
        returning c.network, c.height, c.mined_at),
      filled as (
        update devnet_transactions t set block_height = tips.height, mined_at = tips.mined_at
        from tips where t.network = tips.network and t.block_height is null)
      select count(*)::int as blocks from tips`.execute(this.db);
    return (rows[0]?.blocks ?? 0) > 0;
  }

  /**
   * The height of the network's newest block (0 before the first). Tips asked for in one turn
   * of the event loop (the deposit watcher asks every network's at once) share one query, sent
   * after the last of them was asked, so none is older than its asking.
   */
  tip(network: NetworkId): Promise<number> {
    if (this.tipsAsked === null) {
      this.tipsAsked = new Promise((resolve) => setImmediate(resolve)).then(() => {
        this.tipsAsked = null;
        return this.readTips();
      });
    }
    return this.tipsAsked.then((tips) => tips.get(network) ?? 0);
  }

  private async readTips(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('devnet_chains').select(['network', 'height']).execute();
    return new Map(rows.map((row) => [row.network, row.height]));
  }

  /** Puts a transfer in the network's waiting list (in `db`, a transaction if given); its hash. */
  async send(transfer: DevnetTransfer, db: Queryable = this.db): Promise<string> {
    const txHash = transfer.txHash ?? devnetTransactionId(transfer.network, randomUUID());
    await db
      .insertInto('devnet_transactions')
      .values({
        network: transfer.network,
        tx_hash: txHash,
        asset: transfer.asset,
        to_address: transfer.address,
        tag: transfer.tag,
        amount_units: transfer.units.toString(),
        block_height: null,
        mined_at: null,
        requested_by: transfer.requestedBy ?? null,
      })
      // Sending the same transaction again changes nothing, as on a real network.
      .onConflict((conflict) => conflict.columns(['network', 'tx_hash']).doNothing())
      .execute();
    for (const listener of sendListeners) listener();
    return txHash;
  }

  /** Mined transfers to any of `addresses` in blocks `fromHeight` to `toHeight`, oldest first. */
  async transfersTo(
    network: NetworkId,
    fromHeight: number,
    toHeight: number,
    addresses: readonly string[],
  ): Promise<DevnetTransaction[]> {
    if (addresses.length === 0) return [];
    const rows = await this.transactions(network)
      .where('t.block_height', '>=', fromHeight)
      .where('t.block_height', '<=', toHeight)
      .where('t.to_address', 'in', addresses)
      .orderBy('t.block_height')
      .orderBy('t.id')
      .execute();
    return rows.map(toTransaction);
  }

  /** The transaction with this hash on the network, or null when the network never saw it. */
  async transaction(network: NetworkId, txHash: string): Promise<DevnetTransaction | null> {
    const row = await this.transactions(network).where('t.tx_hash', '=', txHash).executeTakeFirst();
    return row === undefined ? null : toTransaction(row);
  }

  private transactions(network: NetworkId) {
    return this.db
      .selectFrom('devnet_transactions as t')
      .leftJoin('devnet_chains as c', 'c.network', 't.network')
      .select([
        't.tx_hash',
        't.asset',
        't.to_address',
        't.tag',
        't.amount_units',
        't.block_height',
        'c.height as tip',
      ])
      .where('t.network', '=', network);
  }
}

function toTransaction(row: {
  tx_hash: string;
  asset: string;
  to_address: string;
  tag: number | null;
  amount_units: string;
  block_height: number | null;
  tip: number | null;
}): DevnetTransaction {
  const { block_height: blockHeight, tip } = row;
  return {
    txHash: row.tx_hash,
    asset: row.asset as Ticker,
    address: row.to_address,
    tag: row.tag,
    units: BigInt(row.amount_units),
    blockHeight,
    confirmations: blockHeight === null || tip === null ? 0 : tip - blockHeight + 1,
  };
}
