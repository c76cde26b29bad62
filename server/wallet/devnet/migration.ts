/**
 * Migration 0009_devnet: the built-in devnet's chains and the deposits the exchange sees on them.
 *
 * - `devnet_chains` holds each network's tip (height and time). A block is a height and a time:
 *   the tip's is here, a mined transaction's is on the transaction, and an empty block leaves no
 *   row behind, so a devnet left running for months stays small.
 * - `devnet_transactions` are transfers on a devnet chain, amounts in the network's minor units
 *   (wei of 18 decimals outgrow bigint, hence numeric); no block yet means waiting for the next.
 *   `requested_by` names who asked the faucet, so its hourly limit is counted in one place.
 * - `deposit_addresses`: each account's address per network, stored once derived (deriving costs
 *   milliseconds, and a changed seed must not move an address already handed out).
 * - `deposits`: one row per transfer seen to a deposit address, unique per network and transfer,
 *   credited through the ledger exactly once: a credited row must name its ledger entry, and an
 *   entry credits one deposit at most.
 * - `deposit_scans`: how far the deposit watcher has read each network.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table devnet_chains (
    network text primary key,
    height bigint not null default 0 constraint devnet_chains_height check (height >= 0),
    mined_at timestamptz not null default now()
  )`,

  `create table devnet_transactions (
    id bigint generated always as identity primary key,
    network text not null,
    tx_hash text not null,
    asset text not null,
    to_address text not null,
    tag bigint constraint devnet_transactions_tag check (tag between 0 and 4294967295),
    amount_units numeric(78, 0) not null constraint devnet_transactions_amount check (amount_units > 0),
    block_height bigint,
    mined_at timestamptz,
    requested_by text,
    created_at timestamptz not null default now(),
    constraint devnet_transactions_tx_hash_key unique (network, tx_hash),
    constraint devnet_transactions_mined check ((block_height is null) = (mined_at is null))
  )`,
  'create index devnet_transactions_block on devnet_transactions (network, block_height)',
  `create index devnet_transactions_mempool on devnet_transactions (network)
    where block_height is null`,
  `create index devnet_transactions_requested_by on devnet_transactions (requested_by, created_at)
    where requested_by is not null`,

  `create table deposit_addresses (
    user_id integer not null references users (id),
    network text not null,
    address text not null,
    tag bigint,
    path text not null,
    created_at timestamptz not null default now(),
    primary key (user_id, network),
    constraint deposit_addresses_owner_key unique nulls not distinct (network, address, tag)
  )`,

  `create table deposits (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    network text not null,
    asset text not null references currencies (ticker),
    transfer_id text not null,
    tx_hash text not null,
    address text not null,
    tag bigint,
    amount numeric(38, 18) not null constraint deposits_amount check (amount > 0),
    block_height bigint not null,
    confirmations integer not null constraint deposits_confirmations check (confirmations >= 0),
    required integer not null constraint deposits_required check (required >= 1),
    status text not null constraint deposits_status
      check (status in ('pending', 'credited', 'belowMinimum', 'dropped')),
    ledger_entry_id bigint constraint deposits_ledger_entry_key unique
      references ledger_entries (id),
    created_at timestamptz not null default now(),
    credited_at timestamptz,
    constraint deposits_transfer_key unique (network, transfer_id),
    constraint deposits_credited_once check (
      (status = 'credited') = (ledger_entry_id is not null)
      and (status = 'credited') = (credited_at is not null))
  )`,
  'create index deposits_user on deposits (user_id, id)',
  `create index deposits_open on deposits (network, block_height)
    where status = 'pending'`,

  `create table deposit_scans (
    network text primary key,
    height bigint not null constraint deposit_scans_height check (height >= 0)
  )`,
];

/** See the file comment. */
export const devnetMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
