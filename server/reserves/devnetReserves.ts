/**
 * The exchange's holdings on the built-in devnet, read in the snapshot's transaction. The devnet
 * keeps every transfer but no sender: coins arrive at the exchange's deposit addresses, and a
 * withdrawal leaves the exchange without naming an address. So an address's balance is what
 * reached it in mined blocks, less the exchange's mined withdrawals on its network and asset,
 * taken from the exchange's addresses in the order of their text (the rule a verifier can repeat
 * from the devnet's public transfers); a balance never goes below zero.
 */
import { sql } from 'kysely';
import type { Ticker } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';
import { assetNetwork } from '../wallet/chains/assetNetworks.ts';
import { fromMinorUnits } from '../wallet/chains/minorUnits.ts';
import type { NetworkId } from '../wallet/chains/networks.ts';
import type { AddressBalance } from './reserveAddresses.ts';

/** An address the exchange holds, with the key path that signs for it. */
export interface HeldAddress extends AddressBalance {
  /** The BIP 32 / SLIP-0010 path of its key from the wallet seed. */
  path: string;
}

/** Balances of the exchange's devnet addresses on `networks` (only those holding something). */
export async function devnetBalances(
  trx: Queryable,
  networks: readonly NetworkId[],
): Promise<HeldAddress[]> {
  if (networks.length === 0) return [];
  const { rows: received } = await sql<{
    network: string;
    address: string;
    path: string;
    asset: string;
    units: string;
  }>`
    with mine as (
      select network, address, min(path) as path from deposit_addresses
      where network in (${sql.join(networks)}) group by network, address)
    select m.network, m.address, m.path, t.asset, sum(t.amount_units)::text as units
    from mine m join devnet_transactions t on t.network = m.network and t.to_address = m.address
    where t.block_height is not null
    group by m.network, m.address, m.path, t.asset
    order by m.network, m.address, t.asset`.execute(trx);
  const { rows: sent } = await sql<{ network: string; asset: string; units: string }>`
    select w.network, w.asset, sum(t.amount_units)::text as units
    from withdrawals w join devnet_transactions t on t.network = w.network and t.tx_hash = w.tx_hash
    where t.block_height is not null and w.network in (${sql.join(networks)})
    group by w.network, w.asset`.execute(trx);
  const owing = new Map(sent.map((row) => [`${row.network}:${row.asset}`, BigInt(row.units)]));
  const byAddress = new Map<string, HeldAddress>();
  for (const row of received) {
    const key = `${row.network}:${row.asset}`;
    const out = owing.get(key) ?? 0n;
    const units = BigInt(row.units);
    const spent = out < units ? out : units;
    owing.set(key, out - spent);
    if (units === spent) continue;
    const held = byAddress.get(`${row.network}:${row.address}`) ?? {
      network: row.network,
      address: row.address,
      path: row.path,
      balances: {},
      source: 'devnet',
    };
    const on = assetNetwork(row.asset as Ticker, row.network);
    held.balances[row.asset] = fromMinorUnits(on, units - spent);
    byAddress.set(`${row.network}:${row.address}`, held);
  }
  return [...byAddress.values()];
}
