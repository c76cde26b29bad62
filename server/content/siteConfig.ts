/**
 * The site configuration sent with the profile: social links and the "live"
 * marketing flag. Environment variables give the defaults; a row in the settings table (which
 * staff can change at run time) overrides each part, so a run-time change is never ignored.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config as SiteConfig } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

const socialsSchema = z.object({
  twitter: z.string().exactOptional(),
  youtube: z.string().exactOptional(),
  instagram: z.string().exactOptional(),
  telegram: z.string().exactOptional(),
});
const liveSchema = z.object({ is_enabled: z.boolean() });

/** The settings keys this module reads. */
export const SITE_SETTINGS = ['socials', 'live'] as const;

/**
 * The stored site settings as one JSON text, null when there are none: a SQL expression, so that a
 * larger statement (the caller's lookup for users.getInfo) can carry it.
 */
export const siteSettingsColumn = sql<
  string | null
>`(select json_object_agg(key, value order by key)::text
  from settings where key = any(${[...SITE_SETTINGS]}::text[]))`;

/** The configuration last made from each set of defaults, and the stored text it was made from. */
const made = new WeakMap<SiteConfig, { stored: string | null; config: SiteConfig }>();

/**
 * The site configuration from the stored settings' text (siteSettingsColumn); a malformed row
 * falls back to the default. Kept in memory and made again only when the text changes, so every
 * answer reflects the table as the statement read it, whichever server or person changed it.
 */
export function siteConfigOf(stored: string | null, defaults: SiteConfig): SiteConfig {
  const last = made.get(defaults);
  if (last !== undefined && last.stored === stored) return last.config;
  const values = (stored === null ? {} : JSON.parse(stored)) as Record<string, unknown>;
  const socials = socialsSchema.safeParse(values.socials);
  const live = liveSchema.safeParse(values.live);
  const config = {
    socials: socials.success ? socials.data : defaults.socials,
    live: live.success ? live.data : defaults.live,
    ...(defaults.name === undefined ? {} : { name: defaults.name }),
  };
  made.set(defaults, { stored, config });
  return config;
}

/** The current site configuration (see siteConfigOf), in a query of its own. */
export async function loadSiteConfig(db: Queryable, defaults: SiteConfig): Promise<SiteConfig> {
  const row = await db.selectNoFrom(siteSettingsColumn.as('stored')).executeTakeFirstOrThrow();
  return siteConfigOf(row.stored, defaults);
}
