/**
 * What the exchange owes its accounts, read in the caller's repeatable-read transaction: per
 * account and asset, every user ledger balance (available and held: open orders, P2P offers'
 * escrow and requested withdrawals are held balances) plus the crypto of the account's open P2P
 * trades, which sits in the `p2pEscrow` system account and is still the seller's until it is
 * released. Other system accounts (fees, deposits, withdrawals, card purchases) are the
 * exchange's own side, owed to no one. Amounts are in units of 10^-18 (the ledger's scale).
 * Accounts are read a page of ids at a time, in the one transaction, so no result is ever the
 * whole ledger, and each page's leaves are hashed while the database sums the next.
 */
import { sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';
import { encodeAmount } from './merkleSumTree.ts';
import type { TreeBuilder } from './snapshotTree.ts';

/** The ledger's scale: an amount of 1 is 10^18 units in the tree. */
export const UNIT_DECIMALS = 18;

/** Accounts' ids per statement: the next page is asked for while this one is hashed. */
export const PAGE_IDS = 10_000;

/** The listed tickers in listing order: the tree's asset order for a snapshot. */
export async function listedAssets(trx: Queryable): Promise<string[]> {
  const rows = await trx.selectFrom('currencies').select('ticker').orderBy('position').execute();
  return rows.map((row) => row.ticker);
}

/** Every counted account's id and its units per asset (decimal strings), in account order. */
export interface Liabilities {
  userIds: number[];
  units: string[][];
}

/**
 * Reads every account's balances, page by page of account ids, and adds each account's leaf to
 * `builder` as it comes (while the database sums the next page). Throws when the P2P escrow
 * account does not hold exactly its open trades: a snapshot must not count what it cannot place.
 */
export async function readLiabilities(
  trx: Queryable,
  assets: readonly string[],
  builder: TreeBuilder,
  pageIds = PAGE_IDS,
): Promise<Liabilities> {
  await checkEscrow(trx);
  const escrowed = await openTrades(trx, assets);
  const { rows } = await sql<{ low: number | null; high: number | null }>`
    select min(id) as low, max(id) as high from users`.execute(trx);
  const { low, high } = rows[0] ?? { low: null, high: null };
  const read: Liabilities = { userIds: [], units: [] };
  if (low === null || high === null) return read;
  const amounts = Buffer.alloc(32 * assets.length);
  let next = accountPage(trx, assets, low, low + pageIds - 1);
  for (let from = low; from <= high; from += pageIds) {
    const page = await next;
    if (from + pageIds <= high) {
      next = accountPage(trx, assets, from + pageIds, from + 2 * pageIds - 1);
      // Awaited on the next turn; a failure while this page is hashed must not go unhandled.
      next.catch(() => undefined);
    }
    for (const row of page) {
      const texts = row.units === null ? assets.map(() => '0') : row.units.split(',');
      const extra = escrowed.get(row.user_id);
      const units = texts.map((text, asset) => {
        const digits = unitDigits(text);
        const owed =
          extra === undefined ? BigInt(digits) : BigInt(digits) + (extra[asset] as bigint);
        encodeAmount(owed, asset, amounts, 32 * asset);
        return extra === undefined ? digits : owed.toString();
      });
      builder.add(String(row.user_id), amounts);
      read.userIds.push(row.user_id);
      read.units.push(units);
    }
  }
  return read;
}

/**
 * The accounts with ids from `from` to `to`, each with its balances per asset
 * summed (available and held) as decimal texts joined by commas, or null when it has no ledger
 * account. Support-chat visitors are left out unless something is theirs.
 */
function accountPage(trx: Queryable, assets: readonly string[], from: number, to: number) {
  const sums = assets.map(
    (ticker) => sql`coalesce(sum(balance) filter (where ticker = ${ticker}), 0)`,
  );
  return sql<{ user_id: number; units: string | null }>`
    select u.id as user_id, a.units
    from users u left join (
      select user_id, concat_ws(',', ${sql.join(sums)}) as units
      from ledger_accounts where user_id between ${from} and ${to}
      group by user_id) a on a.user_id = u.id
    where u.id between ${from} and ${to}
      and (not u.is_visitor or a.user_id is not null or u.id in
        (select seller_id from p2p_trades where final_entry_id is null))
    order by u.id`
    .execute(trx)
    .then((result) => result.rows);
}

/**
 * The crypto of every open P2P trade, by seller and asset position, in units: it sits in the
 * `p2pEscrow` system account and is still the seller's until it is released.
 */
async function openTrades(
  trx: Queryable,
  assets: readonly string[],
): Promise<Map<number, bigint[]>> {
  const { rows } = await sql<{ seller_id: number; asset: string; amount: string }>`
    select seller_id, asset, sum(amount)::text as amount from p2p_trades
    where final_entry_id is null group by seller_id, asset`.execute(trx);
  const bySeller = new Map<number, bigint[]>();
  for (const row of rows) {
    const position = assets.indexOf(row.asset);
    if (position === -1) throw new Error(`an open P2P trade of ${row.asset}, not a listed asset`);
    const owed = bySeller.get(row.seller_id) ?? assets.map(() => 0n);
    owed[position] = (owed[position] as bigint) + unitsOf(row.amount);
    bySeller.set(row.seller_id, owed);
  }
  return bySeller;
}

/** An exact decimal text (at most UNIT_DECIMALS decimals, as the ledger keeps) in units. */
export function unitsOf(text: string): bigint {
  return BigInt(unitDigits(text));
}

/** The units of an exact decimal text as digits (leading zeros kept: they count for nothing). */
function unitDigits(text: string): string {
  const dot = text.indexOf('.');
  if (dot === -1) return text === '0' ? '0' : `${text}${'0'.repeat(UNIT_DECIMALS)}`;
  const fraction = text.slice(dot + 1);
  if (fraction.length > UNIT_DECIMALS) throw new RangeError(`${text} has too many decimals`);
  return `${text.slice(0, dot)}${fraction.padEnd(UNIT_DECIMALS, '0')}`;
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
