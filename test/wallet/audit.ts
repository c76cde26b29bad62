/**
 * The wallet's audit, read from the database alone (with the server stopped or killed): every
 * rule that must hold whatever happened before, each broken one named in a sentence. The devnet's
 * chains are in the same database, so what left and what arrived on them is checked too.
 *
 * - The ledger's own rules (test/spot/audit.ts): every asset sums to zero, each balance is the
 *   sum of its entries, no user balance is negative.
 * - Each credited deposit is one transaction on the chain to the account's deposit address, with
 *   its confirmations and at least the network's minimum, credited by one entry of its amount.
 * - Each withdrawal moved the amount plus the fee to the held balance once; while it waits or is
 *   on its way that is all, a cancelled, rejected or failed one gave exactly that back, and a
 *   confirmed one sent the amount out of the system and the fee to the fee account, once each.
 *   What users hold is exactly what their open withdrawals hold.
 * - Every devnet transaction that is not test coins from the faucet is the one transaction of a
 *   signed withdrawal and pays what it asked; a withdrawal never signed has none; a confirmed
 *   one's has its confirmations.
 * - Each transfer is one entry of its amount from the sender's balance to the recipient's.
 * - No entry is left over: each belongs to a deposit, a withdrawal or a transfer.
 * - Once the clock has run with no traffic (`settled`): nothing waits to be sent or confirmed,
 *   and every transaction to a deposit address with its confirmations was credited once, or
 *   recorded below the minimum.
 */
import { sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import type { Database } from '../../server/storage/db.ts';
import { type AssetNetwork, assetNetwork } from '../../server/wallet/chains/assetNetworks.ts';
import { NETWORKS, type NetworkId } from '../../server/wallet/chains/networks.ts';
import { auditLedger, scaled } from '../spot/audit.ts';

/** Statuses in which a withdrawal still holds its amount and fee. */
const OPEN = new Set(['awaitingConfirmation', 'requested', 'awaitingReview', 'sent']);
/** Statuses in which its hold was given back. */
const RELEASED = new Set(['cancelled', 'rejected', 'failed']);
/** Statuses that come after signing: only these may have a transaction. */
const SIGNED = new Set(['sent', 'confirmed', 'failed']);

/** Runs every check; the problems found, in words (none when the wallet is sound). */
export async function auditWallet(db: Database, settled: boolean): Promise<string[]> {
  const rows = await read(db);
  const explained = new Set<number>();
  return [
    ...(await auditLedger(db)),
    ...depositsMatchChain(rows, settled),
    ...depositEntries(rows, explained),
    ...withdrawalEntries(rows, explained),
    ...heldMatchesOpenWithdrawals(rows),
    ...withdrawalsMatchChain(rows, settled),
    ...transferEntries(rows, explained),
    ...rows.entries
      .filter((entry) => !explained.has(entry.id))
      .map((entry) => `entry ${entry.id} (${entry.move}, "${entry.reason}") belongs to nothing`),
  ];
}

/** How many deposits were credited and withdrawals confirmed. */
export async function walletCounts(
  db: Database,
): Promise<{ depositsCredited: number; withdrawalsConfirmed: number }> {
  const { rows } = await sql<{ deposits: number; withdrawals: number }>`
    select (select count(*)::integer from deposits where status = 'credited') as deposits,
      (select count(*)::integer from withdrawals where status = 'confirmed') as withdrawals`.execute(
    db,
  );
  return {
    depositsCredited: rows[0]?.deposits ?? 0,
    withdrawalsConfirmed: rows[0]?.withdrawals ?? 0,
  };
}

/** A ledger entry as a readable move: "user 3 → user 3 held: 0.0012 BTC". */
interface Entry {
  id: number;
  move: string;
  reason: string;
}

/** A transaction on a devnet chain, its amount scaled as the ledger's. */
interface ChainTransaction {
  key: string;
  txHash: string;
  network: NetworkId;
  asset: string;
  address: string;
  tag: number | null;
  amount: bigint;
  confirmations: number;
  fromFaucet: boolean;
  /** The account whose deposit address it pays, if any. */
  owner: number | undefined;
}

type Withdrawal = Awaited<ReturnType<typeof readWithdrawals>>[number];
type Deposit = Awaited<ReturnType<typeof readDeposits>>[number];

interface Rows {
  entries: Entry[];
  chain: Map<string, ChainTransaction>;
  deposits: Deposit[];
  withdrawals: Withdrawal[];
  transfers: Awaited<ReturnType<typeof readTransfers>>;
  held: { user_id: number | null; ticker: string; balance: string }[];
}

async function read(db: Database): Promise<Rows> {
  return {
    entries: await readEntries(db),
    chain: await readChain(db),
    deposits: await readDeposits(db),
    withdrawals: await readWithdrawals(db),
    transfers: await readTransfers(db),
    held: await db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'ticker', sql<string>`balance::text`.as('balance')])
      .where('held', '=', true)
      .execute(),
  };
}

async function readEntries(db: Database): Promise<Entry[]> {
  const { rows } = await sql<{
    id: number;
    ticker: string;
    amount: string;
    reason: string;
    from_user: number | null;
    from_held: boolean;
    from_system: string | null;
    to_user: number | null;
    to_held: boolean;
    to_system: string | null;
  }>`
    select e.id, d.ticker, e.amount::text as amount, e.reason,
      d.user_id as from_user, d.held as from_held, d.system as from_system,
      c.user_id as to_user, c.held as to_held, c.system as to_system
    from ledger_entries e
    join ledger_accounts d on d.id = e.debit_account_id
    join ledger_accounts c on c.id = e.credit_account_id
    order by e.id`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    reason: row.reason,
    move: move(
      side(row.from_user, row.from_held, row.from_system),
      side(row.to_user, row.to_held, row.to_system),
      scaled(row.amount),
      row.ticker,
    ),
  }));
}

function side(user: number | null, held: boolean, system: string | null): string {
  return system ?? `user ${user}${held ? ' held' : ''}`;
}

function move(from: string, to: string, amount: bigint, ticker: string): string {
  return `${from} → ${to}: ${formatDecimal(amount, 18)} ${ticker}`;
}

/** Every devnet transaction by network and hash, with the deposit address's owner it pays. */
async function readChain(db: Database): Promise<Map<string, ChainTransaction>> {
  const owners = new Map(
    (
      await db
        .selectFrom('deposit_addresses')
        .select(['network', 'address', 'tag', 'user_id'])
        .execute()
    ).map((row) => [`${row.network} ${row.address} ${row.tag ?? ''}`, row.user_id]),
  );
  const rows = await db
    .selectFrom('devnet_transactions as t')
    .leftJoin('devnet_chains as c', 'c.network', 't.network')
    .select([
      't.network',
      't.tx_hash',
      't.asset',
      't.to_address',
      't.tag',
      sql<string>`t.amount_units::text`.as('units'),
      't.block_height',
      'c.height as tip',
      't.requested_by',
    ])
    .execute();
  const chain = new Map<string, ChainTransaction>();
  for (const row of rows) {
    const network = row.network as NetworkId;
    const on = assetNetwork(row.asset as Ticker, network);
    // As the deposit watcher reads it: only a network with tags tells accounts apart by them.
    const tag = NETWORKS[network].tag === null ? null : row.tag;
    const key = `${network} ${row.tx_hash}`;
    chain.set(key, {
      key,
      txHash: row.tx_hash,
      network,
      asset: row.asset,
      address: row.to_address,
      tag: row.tag,
      amount: BigInt(row.units) * 10n ** BigInt(18 - on.decimals),
      confirmations:
        row.block_height === null || row.tip === null ? 0 : row.tip - row.block_height + 1,
      fromFaucet: row.requested_by !== null,
      owner: owners.get(`${network} ${row.to_address} ${tag ?? ''}`),
    });
  }
  return chain;
}

function readDeposits(db: Database) {
  return db
    .selectFrom('deposits')
    .select([
      'id',
      'user_id',
      'network',
      'asset',
      'transfer_id',
      sql<string>`amount::text`.as('amount'),
      'status',
      'ledger_entry_id',
    ])
    .orderBy('id')
    .execute();
}

function readWithdrawals(db: Database) {
  return db
    .selectFrom('withdrawals')
    .select([
      'id',
      'user_id',
      'asset',
      'network',
      'address',
      'tag',
      sql<string>`amount::text`.as('amount'),
      sql<string>`fee::text`.as('fee'),
      'status',
      'tx_hash',
      'hold_entry_id',
      'final_entry_id',
    ])
    .orderBy('id')
    .execute();
}

function readTransfers(db: Database) {
  return db
    .selectFrom('transfers')
    .select([
      'id',
      'sender_id',
      'recipient_id',
      'ticker',
      sql<string>`amount::text`.as('amount'),
      'ledger_entry_id',
    ])
    .orderBy('id')
    .execute();
}

function networkOf(asset: string, network: string): AssetNetwork {
  return assetNetwork(asset as Ticker, network);
}

function depositsMatchChain(rows: Rows, settled: boolean): string[] {
  const problems: string[] = [];
  const seen = new Map<string, Deposit[]>();
  for (const deposit of rows.deposits) {
    const key = `${deposit.network} ${deposit.transfer_id}`;
    seen.set(key, [...(seen.get(key) ?? []), deposit]);
    const tx = rows.chain.get(key);
    if (tx === undefined) {
      problems.push(`deposit ${deposit.id} names ${key}, a transaction the devnet never saw`);
      continue;
    }
    const amount = scaled(deposit.amount);
    if (tx.owner !== deposit.user_id || tx.asset !== deposit.asset || tx.amount !== amount) {
      problems.push(`deposit ${deposit.id} is recorded otherwise than ${key} pays`);
    }
    const on = networkOf(deposit.asset, deposit.network);
    const below = amount < scaled(on.minDeposit);
    if (deposit.status === 'credited' && tx.confirmations < NETWORKS[on.network].confirmations) {
      problems.push(`deposit ${deposit.id} was credited with ${tx.confirmations} confirmations`);
    }
    if (deposit.status === 'credited' && below) {
      problems.push(`deposit ${deposit.id} of ${deposit.amount} was credited below the minimum`);
    }
    if (deposit.status === 'belowMinimum' && !below) {
      problems.push(`deposit ${deposit.id} of ${deposit.amount} is below the minimum, it says`);
    }
  }
  for (const [key, deposits] of seen) {
    if (deposits.length > 1) problems.push(`${key} is recorded as ${deposits.length} deposits`);
  }
  if (!settled) return problems;
  for (const tx of rows.chain.values()) {
    if (tx.owner === undefined) continue;
    const required = NETWORKS[tx.network].confirmations;
    if (tx.confirmations < required) continue;
    const want =
      tx.amount < scaled(networkOf(tx.asset, tx.network).minDeposit) ? 'belowMinimum' : 'credited';
    const status = seen.get(tx.key)?.[0]?.status ?? 'unseen';
    if (status !== want) {
      problems.push(
        `${tx.key} to user ${tx.owner}'s deposit address has ${tx.confirmations} confirmations but is ${status}, not ${want}`,
      );
    }
  }
  return problems;
}

/** Each credited deposit's entry: its amount from the deposits account to the owner. */
function depositEntries(rows: Rows, explained: Set<number>): string[] {
  const problems: string[] = [];
  const byId = new Map(rows.entries.map((entry) => [entry.id, entry]));
  for (const deposit of rows.deposits) {
    if (deposit.ledger_entry_id === null) continue;
    const entry = byId.get(deposit.ledger_entry_id);
    const want = move('deposits', `user ${deposit.user_id}`, scaled(deposit.amount), deposit.asset);
    if (entry?.move !== want) {
      problems.push(
        `deposit ${deposit.id} was credited by ${entry?.move ?? 'no entry'}, not ${want}`,
      );
    }
    explained.add(deposit.ledger_entry_id);
  }
  return problems;
}

/** Each withdrawal's entries, found by the withdrawal they name, against its status. */
function withdrawalEntries(rows: Rows, explained: Set<number>): string[] {
  const problems: string[] = [];
  const named = new Map<number, Entry[]>();
  for (const entry of rows.entries) {
    const id = /^Withdrawal (\d+) /.exec(entry.reason)?.[1];
    if (id !== undefined) named.set(Number(id), [...(named.get(Number(id)) ?? []), entry]);
  }
  for (const w of rows.withdrawals) {
    const entries = named.get(w.id) ?? [];
    const user = `user ${w.user_id}`;
    const held = `${user} held`;
    const amount = scaled(w.amount);
    const fee = scaled(w.fee);
    const hold = move(user, held, amount + fee, w.asset);
    const final =
      w.status === 'confirmed'
        ? move(held, 'withdrawals', amount, w.asset)
        : RELEASED.has(w.status)
          ? move(held, user, amount + fee, w.asset)
          : null;
    const want = [hold, ...(final === null ? [] : [final])];
    if (w.status === 'confirmed' && fee > 0n) want.push(move(held, 'fees', fee, w.asset));
    const got = entries.map((entry) => entry.move);
    if (got.sort().join('; ') !== want.sort().join('; ')) {
      problems.push(
        `withdrawal ${w.id} (${w.status}) moved [${got.join('; ')}], not [${want.join('; ')}]`,
      );
    }
    const byId = (id: number | null) => entries.find((entry) => entry.id === id)?.move;
    if (byId(w.hold_entry_id) !== hold)
      problems.push(`withdrawal ${w.id}'s hold entry is not its hold`);
    if (final !== null && byId(w.final_entry_id) !== final) {
      problems.push(`withdrawal ${w.id}'s final entry is not what ${w.status} moves`);
    }
    for (const entry of entries) explained.add(entry.id);
  }
  return problems;
}

function heldMatchesOpenWithdrawals(rows: Rows): string[] {
  const expected = new Map<string, bigint>();
  for (const w of rows.withdrawals) {
    if (!OPEN.has(w.status)) continue;
    const key = `user ${w.user_id} ${w.asset}`;
    expected.set(key, (expected.get(key) ?? 0n) + scaled(w.amount) + scaled(w.fee));
  }
  const problems: string[] = [];
  for (const row of rows.held) {
    const key = `user ${row.user_id} ${row.ticker}`;
    const want = expected.get(key) ?? 0n;
    expected.delete(key);
    if (scaled(row.balance) !== want) {
      problems.push(
        `${key} held is ${row.balance}; open withdrawals hold ${formatDecimal(want, 18)}`,
      );
    }
  }
  for (const [key, want] of expected) {
    if (want !== 0n)
      problems.push(`${key}: open withdrawals hold ${formatDecimal(want, 18)} but nothing is held`);
  }
  return problems;
}

function withdrawalsMatchChain(rows: Rows, settled: boolean): string[] {
  const problems: string[] = [];
  const byTransaction = new Map<string, Withdrawal[]>();
  for (const w of rows.withdrawals) {
    if (w.tx_hash !== null && !SIGNED.has(w.status)) {
      problems.push(`withdrawal ${w.id} is ${w.status} but was signed`);
    }
    if (settled && (w.status === 'requested' || w.status === 'sent')) {
      problems.push(`withdrawal ${w.id} is still ${w.status} after the clock ran`);
    }
    if (w.tx_hash === null) continue;
    const key = `${w.network} ${w.tx_hash}`;
    byTransaction.set(key, [...(byTransaction.get(key) ?? []), w]);
    const tx = rows.chain.get(key);
    if (
      w.status === 'confirmed' &&
      (tx?.confirmations ?? 0) < NETWORKS[w.network as NetworkId].confirmations
    ) {
      problems.push(
        `withdrawal ${w.id} was confirmed before its transaction had its confirmations`,
      );
    }
  }
  for (const tx of rows.chain.values()) {
    if (tx.fromFaucet) continue;
    const [w, ...more] = byTransaction.get(tx.key) ?? [];
    if (w === undefined) {
      problems.push(`${tx.key} is on the devnet, sent by no withdrawal`);
      continue;
    }
    if (more.length > 0)
      problems.push(`${tx.key} is the transaction of ${more.length + 1} withdrawals`);
    if (!SIGNED.has(w.status))
      problems.push(`withdrawal ${w.id} is ${w.status} but ${tx.key} is on the devnet`);
    const same =
      tx.asset === w.asset &&
      tx.address === w.address &&
      tx.tag === w.tag &&
      tx.amount === scaled(w.amount);
    if (!same) problems.push(`${tx.key} pays otherwise than withdrawal ${w.id} asked`);
  }
  return problems;
}

/** Each transfer's entry: its amount from the sender's available balance to the recipient's. */
function transferEntries(rows: Rows, explained: Set<number>): string[] {
  const problems: string[] = [];
  const byId = new Map(rows.entries.map((entry) => [entry.id, entry]));
  for (const transfer of rows.transfers) {
    const entry = byId.get(transfer.ledger_entry_id);
    const want = move(
      `user ${transfer.sender_id}`,
      `user ${transfer.recipient_id}`,
      scaled(transfer.amount),
      transfer.ticker,
    );
    if (entry?.move !== want) {
      problems.push(`transfer ${transfer.id} moved ${entry?.move ?? 'nothing'}, not ${want}`);
    }
    if (explained.has(transfer.ledger_entry_id)) {
      problems.push(`transfer ${transfer.id}'s entry ${transfer.ledger_entry_id} is another's too`);
    }
    explained.add(transfer.ledger_entry_id);
  }
  return problems;
}
