/** The page views and analytics events the live counters and metrics read, as Kysely sees them. */
import type { Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/** Page views reported by metrics.addVisitor. */
export interface VisitorsTable {
  id: Generated<number>;
  url: string;
  referer: string;
  ip: string;
  user_id: number | null;
  sub_id: string;
  created_at: Auto<Date>;
}

/** Analytics events reported by metrics.addEvent. */
export interface EventsTable {
  id: Generated<number>;
  event_id: string;
  ip: string;
  user_id: number | null;
  sub_id: string;
  created_at: Auto<Date>;
}

/** The metrics tables, joined into the database's schema. */
export interface MetricsTables {
  visitors: VisitorsTable;
  events: EventsTable;
}
