/**
 * The site configuration sent with the profile: social links and the "live"
 * marketing flag. Environment variables give the defaults; a row in the settings table (which
 * staff can change at run time) overrides each part, so a run-time change is never ignored.
 */
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

/** The current site configuration; a malformed settings row falls back to the default. */
export async function loadSiteConfig(db: Queryable, defaults: SiteConfig): Promise<SiteConfig> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', SITE_SETTINGS)
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const socials = socialsSchema.safeParse(stored.get('socials'));
  const live = liveSchema.safeParse(stored.get('live'));
  return {
    socials: socials.success ? socials.data : defaults.socials,
    live: live.success ? live.data : defaults.live,
    ...(defaults.name === undefined ? {} : { name: defaults.name }),
  };
}
