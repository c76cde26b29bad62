/**
 * What the exchange owes its accounts, read in the caller's repeatable-read transaction: per
 * account and asset, every user ledger balance (available and held: open orders, P2P offers'
 * escrow and requested withdrawals are held balances) plus the crypto of the account's open P2P
 * trades, which sits in the `p2pEscrow` system account and is still the seller's until it is
 * released. Other system accounts (fees, deposits, withdrawals, card purchases) are the
 * exchange's own side, owed to no one. Amounts are in units of 10^-18 (the ledger's scale).
 */
import { sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';
import { encodeAmounts } from './merkleSumTree.ts';
import type { TreeLeaf } from './snapshotTree.ts';

/** The ledger's scale: an amount of 1 is 10^18 units in the tree. */
export const UNIT_DECIMALS = 18;

/** The listed tickers in listing order: the tree's asset order for a snapshot. */
export async function listedAssets(trx: Queryable): Promise<string[]> {
  const rows = await trx.selectFrom('currencies').select('ticker').orderBy('position').execute();
  return rows.map((row) => row.ticker);
}

/**
 * Every account's leaf, by account id, with the totals per asset. Throws when the P2P escrow
 * account does not hold exactly its open trades: a snapshot must not count what it cannot place.
 */
export async function readLiabilities(
  trx: Queryable,
  assets: readonly string[],
): Promise<{ leaves: TreeLeaf[]; userIds: number[]; units: string[][]; totals: bigint[] }> {
  await checkEscrow(trx);
  const columns = assets.map(
    (ticker) =>
      sql`(coalesce(sum(h.amount) filter (where h.ticker = ${ticker}), 0) * 1e18)::numeric(60, 0)::text`,
  );
  const { rows } = await sql<{ user_id: number; units: string }>`
    with owed as (
      select user_id, ticker, balance as amount from ledger_accounts where user_id is not null
      union all
      select seller_id, asset, amount from p2p_trades where final_entry_id is null)
    select u.id as user_id, concat_ws(',', ${sql.join(columns)}) as units
    from users u left join owed h on h.user_id = u.id
    where not u.is_visitor or h.user_id is not null
    group by u.id
    order by u.id`.execute(trx);
  const totals = assets.map(() => 0n);
  const units = rows.map((row) => row.units.split(','));
  const leaves = rows.map((row, index) => {
    const amounts = (units[index] as string[]).map((text) => BigInt(text));
    amounts.forEach((amount, asset) => {
      totals[asset] = (totals[asset] as bigint) + amount;
    });
    return { account: String(row.user_id), amounts: encodeAmounts(amounts) };
  });
  return { leaves, userIds: rows.map((row) => row.user_id), units, totals };
}

async function checkEscrow(trx: Queryable): Promise<void> {
  const { rows } = await sql<{ ticker: string; gap: string }>`
    select coalesce(e.ticker, t.asset) as ticker,
      (coalesce(e.balance, 0) - coalesce(t.amount, 0))::text as gap
    from (select ticker, balance from ledger_accounts where system = 'p2pEscrow') e
    full join (select asset, sum(amount) as amount from p2p_trades
      where final_entry_id is null group by asset) t on t.asset = e.ticker`.execute(trx);
  for (const row of rows) {
    if (Number(row.gap) !== 0) {
      throw new Error(`P2P escrow of ${row.ticker} differs from its open trades by ${row.gap}`);
    }
  }
}
