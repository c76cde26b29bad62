/** faq.getItems: the help-center entries of one section by slug, in display order. */
import { refusal } from '../errors/DomainError.ts';
import { params, pattern } from '../http/fields.ts';
import { defineMethod, type Method } from './registry.ts';

const getItems = defineMethod({
  name: 'faq.getItems',
  access: 'public',
  params: params({
    slug: pattern(/^[a-z0-9_-]{1,64}$/, "1 to 64 lower-case letters, digits, '-' or '_'"),
  }),
  async handler(params, ctx) {
    const items = await ctx.db
      .selectFrom('faq_items')
      .select(['question', 'answer', 'video'])
      .where('slug', '=', params.slug)
      .orderBy('position')
      .orderBy('id')
      .execute();
    if (items.length === 0) {
      throw refusal('content.unknownFaqSection', { slug: params.slug });
    }
    return { items };
  },
});

/** The faq.* methods. */
export const faqMethods: readonly Method[] = [getItems];
