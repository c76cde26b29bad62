/**
 * Migration 0035_api_keys: API keys for trading programs, and the signed requests already taken.
 *
 * - `api_keys`: one row per key, its id public (`ak_…`). An HMAC key keeps its secret sealed
 *   (keySecret.ts), wiped when the key is revoked; an Ed25519 key keeps only the program's public
 *   key (raw 32 bytes, base64). Revoked rows stay, so a revoked id is never handed out again and
 *   every server refuses it from the next request on.
 * - `api_key_requests`: the hash of each signed request accepted, until its window has passed,
 *   so the same request is refused a second time on any server sharing the database.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table api_keys (
    id text primary key constraint api_keys_id_shape check (id ~ '^ak_[A-Za-z0-9_-]{24}$'),
    user_id integer not null references users (id) on delete cascade,
    label text not null constraint api_keys_label_length check (length(label) between 1 and 64),
    kind text not null constraint api_keys_kind check (kind in ('hmac', 'ed25519')),
    scopes jsonb not null,
    ip_allowlist jsonb not null default '[]',
    secret_sealed text,
    public_key text,
    created_at timestamptz not null default now(),
    created_ip text not null default '',
    expires_at timestamptz,
    revoked_at timestamptz,
    last_used_at timestamptz,
    last_used_ip text,
    constraint api_keys_material check (
      (kind = 'hmac' and public_key is null and (secret_sealed is not null or revoked_at is not null))
      or (kind = 'ed25519' and public_key is not null and secret_sealed is null)
    )
  )`,
  'create index api_keys_user_id on api_keys (user_id)',
  `create table api_key_requests (
    request_hash text primary key,
    expires_at timestamptz not null
  )`,
  'create index api_key_requests_expires_at on api_key_requests (expires_at)',
];

/** The '0035_api_keys' migration. */
export const apiKeysMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
