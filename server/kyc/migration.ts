/**
 * Migration 0016_kyc: identity verification.
 *
 * - `kyc_applications`: one per account, the draft the person fills in and, once submitted, what
 *   staff review; its photos are attachments uploaded for verification.
 * - `kyc_decisions`: every approval and rejection, with the staff member and the time, never
 *   updated or deleted, so the history of an account's verification can always be read back.
 * - `support_attachments.purpose`: 'kyc' for images uploaded for verification (their metadata
 *   stripped, never linked to a support dialog), so a chat attachment cannot stand in for one.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `alter table support_attachments add column purpose text not null default 'support'
    constraint support_attachments_purpose check (purpose in ('support', 'kyc'))`,
  `create table kyc_applications (
    user_id integer primary key references users (id),
    status text not null default 'draft'
      constraint kyc_applications_status check (status in ('draft', 'pending', 'approved', 'rejected')),
    first_name text not null default '',
    last_name text not null default '',
    country_id integer not null default 0,
    city text not null default '',
    address text not null default '',
    date_of_birth text not null default '',
    phone text not null default '',
    zip_code text not null default '',
    id_type text not null default '',
    id_number text not null default '',
    current_step integer not null default 0 constraint kyc_applications_step check (current_step between 0 and 3),
    front_id integer references support_attachments (id),
    back_id integer references support_attachments (id),
    selfie_id integer references support_attachments (id),
    submitted_at timestamptz,
    reason text,
    updated_at timestamptz not null default now()
  )`,
  "create index kyc_applications_pending on kyc_applications (submitted_at) where status = 'pending'",
  `create table kyc_decisions (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    staff_id integer not null references users (id),
    decision text not null constraint kyc_decisions_decision check (decision in ('approved', 'rejected')),
    reason text,
    submitted_at timestamptz not null,
    created_at timestamptz not null default now(),
    constraint kyc_decisions_reason check (decision = 'approved' or btrim(coalesce(reason, '')) <> '')
  )`,
  'create index kyc_decisions_user on kyc_decisions (user_id)',
];

/** The '0016_kyc' migration. */
export const kycMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
