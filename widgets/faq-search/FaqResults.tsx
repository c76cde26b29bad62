/**
 * What the FAQ search finds: a count of the matches for the screen reader, then one section per
 * slug with its entries (the answer and any video under each question), or a no-results text.
 */
import { useMemo } from 'react';
import { type FaqSection, matchingSections } from './faqSections.ts';

/** The sections to search, the query, and how to mark up the section headings. */
export interface FaqResultsProps {
  sections: readonly FaqSection[];
  query: string;
  /** The heading element of each section. */
  heading: 'h2' | 'h3';
  /** A prefix unique to this list, for the headings' ids. */
  idPrefix: string;
}

/** The matching entries by section. */
export function FaqResults({ sections, query, heading: Heading, idPrefix }: FaqResultsProps) {
  const visible = useMemo(() => matchingSections(sections, query), [sections, query]);
  const total = visible.reduce((sum, section) => sum + section.items.length, 0);
  return (
    <>
      <p className="x-faq-count" aria-live="polite">
        {query.trim() === ''
          ? ''
          : `${total} ${total === 1 ? 'question matches' : 'questions match'} “${query.trim()}”.`}
      </p>
      {total === 0 ? (
        <p className="x-faq-empty">
          No questions match “{query.trim()}”. Try a shorter word, or ask live support.
        </p>
      ) : (
        visible.map((section) => (
          <section
            key={section.slug}
            id={section.slug}
            className="x-faq-section"
            aria-labelledby={`${idPrefix}-${section.slug}`}
          >
            <Heading id={`${idPrefix}-${section.slug}`}>{section.title}</Heading>
            {section.items.map((item) => (
              <details key={item.question} className="x-faq-item">
                <summary>{item.question}</summary>
                <p className="x-faq-answer">{item.answer}</p>
                {item.video ? (
                  // biome-ignore lint/a11y/useMediaCaption: operator videos come without captions.
                  <video className="x-faq-video" src={item.video} controls preload="none" />
                ) : null}
              </details>
            ))}
          </section>
        ))
      )}
    </>
  );
}
