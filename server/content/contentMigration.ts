/**
 * Migration 0002_content: the operator-edited content tables (policy and information pages, the
 * help center, the site-wide notice), seeded with the default texts of seedPages.ts and seedFaq.ts.
 */
import { type Migration, sql } from 'kysely';
import { SEED_FAQ } from './seedFaq.ts';
import { SEED_PAGES } from './seedPages.ts';

const tables = [
  `create table content_pages (
    type text primary key constraint content_pages_type_format check (type ~ '^[a-z0-9_]{1,64}$'),
    title text not null,
    html text not null,
    updated_at timestamptz not null default now()
  )`,
  `create table faq_items (
    id integer generated always as identity primary key,
    slug text not null constraint faq_items_slug_format check (slug ~ '^[a-z0-9_-]{1,64}$'),
    section_title text not null,
    position integer not null,
    question text not null,
    answer text not null,
    video text
  )`,
  'create index faq_items_slug on faq_items (slug, position)',
  `create table notices (
    id integer generated always as identity primary key,
    title text not null,
    type_id smallint not null constraint notices_type_id check (type_id in (0, 1, 2)),
    description text not null,
    created_at timestamptz not null default now(),
    created_by integer references users (id) on delete set null,
    cleared_at timestamptz
  )`,
];

/** Creates and seeds the content tables. */
export const contentMigration: Migration = {
  async up(db) {
    for (const statement of tables) await sql.raw(statement).execute(db);
    await db
      .insertInto('content_pages')
      .values(SEED_PAGES.map((page) => ({ ...page })))
      .execute();
    await db
      .insertInto('faq_items')
      .values(
        SEED_FAQ.flatMap((section) =>
          section.items.map((item, position) => ({
            slug: section.slug,
            section_title: section.title,
            position,
            question: item.question,
            answer: item.answer,
            video: item.video,
          })),
        ),
      )
      .execute();
  },
};
