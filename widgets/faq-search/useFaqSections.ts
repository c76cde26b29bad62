/** The FAQ sections of some slugs, read from the exchange: one section per slug that loads. */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../core/apiClient.ts';
import type { FaqSection } from './faqSections.ts';

/** The loaded sections (null while loading), or an error when none could be read. */
export interface FaqSectionsState {
  sections: FaqSection[] | null;
  error: string | null;
}

/** A section title from its slug: `withdrawal` -> `Withdrawal`. */
function titleOf(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Loads the sections for `slugs` (comma-separated), again whenever they or the client change. */
export function useFaqSections(client: ApiClient, slugs: string): FaqSectionsState {
  const [sections, setSections] = useState<FaqSection[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSections(null);
    void Promise.all(
      slugs.split(',').map(async (name) => {
        const reply = await client.call('faq.getItems', { slug: name });
        return reply.status ? { slug: name, title: titleOf(name), items: reply.items } : null;
      }),
    ).then((loaded) => {
      if (!current) return;
      const found = loaded.filter((section) => section !== null);
      setError(
        found.length === 0 ? 'The questions could not be loaded. Please try again later.' : null,
      );
      setSections(found);
    });
    return () => {
      current = false;
    };
  }, [client, slugs]);
  return { sections, error };
}
