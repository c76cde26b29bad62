/**
 * notices.*: the site-wide notice of the global notice modal. Staff publish one, which
 * replaces the current one, or clear it; everyone reads the newest notice not cleared.
 */
import { z } from 'zod';
import type { Notice } from '../../core/protocol/index.ts';
import { params, words } from '../http/fields.ts';
import type { Queryable } from '../storage/db.ts';
import { defineMethod, type Method } from './registry.ts';

/** Longest notice title. */
export const MAX_NOTICE_TITLE = 200;
/** Longest notice description (HTML). */
export const MAX_NOTICE_DESCRIPTION = 20_000;

async function currentNotice(db: Queryable): Promise<Notice | null> {
  const row = await db
    .selectFrom('notices')
    .select(['id', 'title', 'type_id', 'description'])
    .where('cleared_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  return { ...row, type_id: row.type_id === 1 || row.type_id === 2 ? row.type_id : 0 };
}

const getCurrent = defineMethod({
  name: 'notices.getCurrent',
  access: 'public',
  params: params({}),
  async handler(_params, ctx) {
    return { notice: await currentNotice(ctx.db) };
  },
});

const publishParams = z.union([
  params({ clear: z.literal(true) }),
  params({
    title: words({ min: 1, max: MAX_NOTICE_TITLE }),
    type_id: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    description: words({ min: 1, max: MAX_NOTICE_DESCRIPTION, multiline: true }),
  }),
]);

const publish = defineMethod({
  name: 'notices.publish',
  access: 'staff',
  params: publishParams,
  async handler(params, ctx) {
    return ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('notices')
        .set({ cleared_at: new Date() })
        .where('cleared_at', 'is', null)
        .execute();
      if ('clear' in params) return { notice: null };
      await trx
        .insertInto('notices')
        .values({
          title: params.title,
          type_id: params.type_id,
          description: params.description,
          created_by: ctx.caller.user.id,
        })
        .execute();
      return { notice: await currentNotice(trx) };
    });
  },
});

/** The notices.* methods. */
export const noticeMethods: readonly Method[] = [getCurrent, publish];
