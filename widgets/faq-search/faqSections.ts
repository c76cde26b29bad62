/** The FAQ's sections and the search over their questions. */
import type { FaqItem } from '../../core/protocol/index.ts';

/** A titled group of entries; `slug` becomes the section's anchor id. */
export interface FaqSection {
  slug: string;
  title: string;
  items: readonly FaqItem[];
}

/** Whether an entry's question contains the query, ignoring case. */
export function matchesQuestion(item: FaqItem, query: string): boolean {
  return item.question.toLowerCase().includes(query.trim().toLowerCase());
}

/** The sections with only the entries that match, leaving out those with none. */
export function matchingSections(sections: readonly FaqSection[], query: string): FaqSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => matchesQuestion(item, query)),
    }))
    .filter((section) => section.items.length > 0);
}
