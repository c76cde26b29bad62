/** Refusals of the site's content: help-center sections and information pages. */
import type { ErrorTable } from './entry.ts';

/** What the content methods answer when what was asked for does not exist. */
export const CONTENT_ERRORS = {
  'content.unknownFaqSection': {
    message: "The help center has no section '{slug}'.",
    param: 'slug',
  },
  'content.unknownPage': {
    message: "There is no page of type '{type}'. Check the link.",
    param: 'type',
  },
} as const satisfies ErrorTable;
