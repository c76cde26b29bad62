/**
 * Migration 0021_known_devices: the devices each account has signed in from, so a sign-in from
 * one never seen before is mailed to the account's owner. A device is a browser on an operating
 * system from a network (IPv4 /24, IPv6 /48), kept as the SHA-256 of those, so a browser update
 * or a new address from the same provider is not a new device, and the table holds no address.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table known_devices (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    device_key text not null,
    first_seen_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    constraint known_devices_user_device unique (user_id, device_key)
  )`,
];

/** The '0021_known_devices' migration. */
export const knownDevicesMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
