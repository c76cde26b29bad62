/**
 * `/faq`: the help center's sections loaded with faq.getItems by slug, in the
 * searchable list; `#security`, `#withdrawal` and `#deposit` land on their sections once loaded.
 */
import { useEffect, useState } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { call } from '../../core/index.ts';
import { FaqSearch, type FaqSection } from '../../widgets/faq-search/FaqSearch.tsx';

/** The sections the page shows, in order; the slug is both faq.getItems' key and the anchor. */
export const FAQ_SECTIONS = [
  { slug: 'security', title: 'Security' },
  { slug: 'deposit', title: 'Deposits' },
  { slug: 'withdrawal', title: 'Withdrawals' },
  { slug: 'account', title: 'Account and trading' },
] as const;

/** The help center. */
export default function FaqPage() {
  const [sections, setSections] = useState<FaqSection[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hash = useLocationProperty(() => window.location.hash);

  useEffect(() => {
    let current = true;
    void Promise.all(
      FAQ_SECTIONS.map(async (section) => {
        const reply = await call('faq.getItems', { slug: section.slug });
        return reply.status ? { ...section, items: reply.items } : null;
      }),
    ).then((loaded) => {
      if (!current) return;
      const found = loaded.filter((section) => section !== null);
      if (found.length === 0)
        setError('The help center could not be loaded. Please try again later.');
      setSections(found);
    });
    return () => {
      current = false;
    };
  }, []);

  // Land on the anchor once the sections exist, and again whenever the hash changes.
  useEffect(() => {
    if (sections === null || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.querySelector<HTMLElement>('summary')?.focus({ preventScroll: true });
  }, [sections, hash]);

  return (
    <div className="page faq-page">
      <FaqSearch
        sections={sections ?? []}
        isLoading={sections === null}
        error={error}
        headingLevel={1}
      />
      {/* Shown with the answers: under the loading placeholders it would jump down when they come. */}
      {sections === null ? null : (
        <p>
          Did not find your answer? Signed-in users can ask live support from the Support button on
          any account page.
        </p>
      )}
    </div>
  );
}
