/** Refusals of the public pages: the legal and info pages and the help center. */
import type { ErrorTable } from './entry.ts';

/** What the page and help-center methods answer when a link names nothing. */
export const PAGE_ERRORS = {
  'page.unknownType': {
    message: "There is no page of type '{type}'. Check the link.",
    param: 'type',
  },
  'faq.unknownSection': { message: "The help center has no section '{slug}'.", param: 'slug' },
} as const satisfies ErrorTable;
