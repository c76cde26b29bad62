/**
 * Identity photos nobody needs are not kept: one replaced in the draft goes at once, one uploaded
 * for verification but never put into an application goes after a day. Deleting the row stops
 * the photo being served at once; the file itself goes with the uploads' orphan sweep.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../storage/db.ts';

/** How long a verification upload may wait to be put into an application. */
export const UNUSED_PHOTO_DAYS = 1;

/** Whether any application still shows the photo (an id, or a reference to one). */
function inUse(id: number | RawBuilder<unknown>) {
  return sql<boolean>`exists (select 1 from kyc_applications
    where front_id = ${id} or back_id = ${id} or selfie_id = ${id})`;
}

/** Deletes a verification photo that was replaced, unless an application still shows it. */
export async function forgetReplacedPhoto(db: Queryable, id: number): Promise<void> {
  await db
    .deleteFrom('support_attachments')
    .where('id', '=', id)
    .where('purpose', '=', 'kyc')
    .where(sql<boolean>`not ${inUse(id)}`)
    .execute();
}

/** Deletes verification uploads older than a day that no application shows; returns how many. */
export async function forgetUnusedPhotos(db: Queryable, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_PHOTO_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .deleteFrom('support_attachments')
    .where('purpose', '=', 'kyc')
    .where('created_at', '<', before)
    .where(sql<boolean>`not ${inUse(sql.ref('support_attachments.id'))}`)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
