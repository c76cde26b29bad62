/** The tables of migration 0016_kyc (see migration.ts) as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { IdType, KycStatus } from '../../core/protocol/index.ts';

/** An account's verification application: its draft, then its submission. */
export interface KycApplicationsTable {
  user_id: number;
  status: Generated<KycStatus>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  country_id: Generated<number>;
  city: Generated<string>;
  address: Generated<string>;
  date_of_birth: Generated<string>;
  phone: Generated<string>;
  zip_code: Generated<string>;
  id_type: Generated<IdType | ''>;
  id_number: Generated<string>;
  current_step: Generated<number>;
  front_id: number | null;
  back_id: number | null;
  selfie_id: number | null;
  submitted_at: Date | null;
  /** The rejection's reason while rejected. */
  reason: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One staff decision; never changed. */
export interface KycDecisionsTable {
  id: Generated<number>;
  user_id: number;
  staff_id: number;
  decision: 'approved' | 'rejected';
  reason: string | null;
  /** The submission it decided. */
  submitted_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The verification tables, joined into the database's schema. */
export interface KycTables {
  kyc_applications: KycApplicationsTable;
  kyc_decisions: KycDecisionsTable;
}
