/**
 * Migration 0037_reserves: snapshots of liabilities and reserves.
 *
 * - `reserve_snapshots`: when each was taken, by whom, its assets, tree size and root, and the
 *   secret its nonces come from.
 * - `reserve_totals`: per asset, the liabilities (the root's sum) and the reserves read.
 * - `reserve_leaves`: each counted account's leaf position and balances, so its proof can be
 *   answered later; padding leaves are not stored (they follow from the secret).
 * - `reserve_nodes`: the tree's upper levels only; a proof rebuilds the block of leaves below.
 * - `reserve_addresses`: the exchange's addresses, their balances and ownership signatures.
 * Rows of a snapshot are written in the snapshot's one transaction, so none is ever half there.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table reserve_snapshots (
    id integer generated always as identity primary key,
    taken_at timestamptz not null,
    taken_by integer references users (id),
    assets text[] not null,
    leaf_count integer not null constraint reserve_snapshots_leaves check (leaf_count > 0),
    accounts integer not null,
    root_hash text not null,
    secret text not null,
    created_at timestamptz not null default now()
  )`,
  'create index reserve_snapshots_taken_at on reserve_snapshots (taken_at)',
  `create table reserve_totals (
    snapshot_id integer not null references reserve_snapshots (id) on delete cascade,
    ticker text not null,
    position integer not null,
    liabilities numeric not null constraint reserve_totals_liabilities check (liabilities >= 0),
    reserves numeric not null constraint reserve_totals_reserves check (reserves >= 0),
    primary key (snapshot_id, ticker)
  )`,
  `create table reserve_leaves (
    snapshot_id integer not null references reserve_snapshots (id) on delete cascade,
    position integer not null,
    user_id integer not null,
    amounts numeric[] not null,
    primary key (snapshot_id, position)
  )`,
  'create unique index reserve_leaves_user on reserve_leaves (snapshot_id, user_id)',
  `create table reserve_nodes (
    snapshot_id integer not null references reserve_snapshots (id) on delete cascade,
    level integer not null,
    position integer not null,
    record text not null,
    primary key (snapshot_id, level, position)
  )`,
  `create table reserve_addresses (
    snapshot_id integer not null references reserve_snapshots (id) on delete cascade,
    network text not null,
    address text not null,
    balances jsonb not null,
    scheme text not null,
    message text not null,
    signature text not null,
    source text not null,
    primary key (snapshot_id, network, address)
  )`,
];

/** The '0037_reserves' migration. */
export const reservesMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
