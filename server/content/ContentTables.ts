/** The site's content tables (currencies, settings, pages, help, notices) as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/** Listed currencies with their USD reference price and a short price history. */
export interface CurrenciesTable {
  id: Generated<number>;
  ticker: string;
  name: string;
  /** Display order: the eight assets (BTC, ETH, BNB, XRP, DOGE, SOL, LTC, TRX), then USDT. */
  position: number;
  /** Decimal string. */
  price: string;
  /** Recent USD prices, oldest first; the last one equals price. */
  chart: ColumnType<number[], string, string>;
}

/** Site-wide settings staff may change at run time (e.g. 'socials', 'live'). */
export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Auto<Date>;
}

/** Policy and information pages an operator edits, keyed by type. */
export interface ContentPagesTable {
  type: string;
  title: string;
  /** HTML; the site sanitises it before showing it. */
  html: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Help-center entries by section slug, in display order. */
export interface FaqItemsTable {
  id: Generated<number>;
  slug: string;
  section_title: string;
  position: number;
  question: string;
  answer: string;
  video: string | null;
}

/** Site-wide notices; the current one is the newest not cleared. */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  type_id: number;
  /** HTML; the site sanitises it before showing it. */
  description: string;
  created_at: Auto<Date>;
  created_by: number | null;
  cleared_at: Date | null;
}

/** The content tables, joined into the database's schema. */
export interface ContentTables {
  currencies: CurrenciesTable;
  settings: SettingsTable;
  content_pages: ContentPagesTable;
  faq_items: FaqItemsTable;
  notices: NoticesTable;
}
