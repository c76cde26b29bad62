/** pages.getItem: a policy or information page by type, as an operator last edited it. */
import { refusal } from '../errors/DomainError.ts';
import { params, pattern } from '../http/fields.ts';
import { defineMethod, type Method } from './registry.ts';

const getItem = defineMethod({
  name: 'pages.getItem',
  access: 'public',
  params: params({
    type: pattern(/^[a-z0-9_]{1,64}$/, 'lower-case letters, digits and underscores'),
  }),
  async handler(params, ctx) {
    const row = await ctx.db
      .selectFrom('content_pages')
      .select(['type', 'title', 'html', 'updated_at'])
      .where('type', '=', params.type)
      .executeTakeFirst();
    if (row === undefined) {
      throw refusal('content.unknownPage', { type: params.type });
    }
    return {
      page: {
        type: row.type,
        title: row.title,
        html: row.html,
        updatedAt: row.updated_at.toISOString(),
      },
    };
  },
});

/** The pages.* methods. */
export const pageMethods: readonly Method[] = [getItem];
