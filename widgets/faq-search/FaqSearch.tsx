/**
 * The searchable help-center list: a title ('Have a question?' by default), a
 * search box that keeps the entries whose question contains the text (case-insensitive), three
 * skeleton placeholders while loading, a no-results state, and one section per slug with that slug
 * as its anchor id. Props-driven and side-effect free, styled by its own <style> element so the
 * widget suite can wrap it as <faq-search> inside a shadow root.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FaqItem } from '../../core/protocol/index.ts';

/** The title shown when none is given. */
export const FAQ_DEFAULT_TITLE = 'Have a question?';

/** How many placeholders show while loading. */
export const FAQ_SKELETONS = 3;

/** A titled group of entries; `slug` becomes the section's anchor id. */
export interface FaqSection {
  slug: string;
  title: string;
  items: readonly FaqItem[];
}

/** The list's content and state. */
export interface FaqSearchProps {
  sections: readonly FaqSection[];
  isLoading?: boolean;
  /** A message to show instead of the list when loading failed. */
  error?: string | null;
  title?: string;
  /** The heading level of the title; sections use the next level. */
  headingLevel?: 1 | 2;
  /** Focus the search box when the list mounts (in a search dialog). */
  autoFocus?: boolean;
  /** Whether to show the title (a dialog shows it as its own). */
  showTitle?: boolean;
}

/** Whether an entry's question contains the query, ignoring case. */
export function matchesQuestion(item: FaqItem, query: string): boolean {
  return item.question.toLowerCase().includes(query.trim().toLowerCase());
}

const STYLE = `
.x-faq{all:initial;font-size:16px;line-height:1.5;font-family:var(--exchange-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);display:block;color:var(--exchange-text,#e8ecf3)}
.x-faq-search{display:block;width:100%;max-width:32em;margin:0 0 1.5em;padding:.75em 1em;font:inherit;font-size:16px;color:inherit;background:var(--x-faq-input-bg,#0b0e14);border:1px solid var(--x-faq-border,#3a4356);border-radius:8px}
.x-faq-search:focus-visible{outline:2px solid var(--x-faq-focus,#f0b90b);outline-offset:2px}
.x-faq-section{scroll-margin-top:5em;margin:0 0 2em}
.x-faq-item{border:1px solid var(--x-faq-border,#2a3140);border-radius:10px;margin:0 0 .5em;background:var(--x-faq-bg,#151a23)}
.x-faq-item summary{cursor:pointer;padding:.875em 1em;font-weight:600;list-style-position:inside}
.x-faq-item summary:focus-visible{outline:2px solid var(--x-faq-focus,#f0b90b);outline-offset:2px}
.x-faq-answer{padding:0 1em 1em;margin:0;color:var(--x-faq-muted,#c5ccd8)}
.x-faq-video{display:block;max-width:100%;margin:0 1em 1em;border-radius:8px}
.x-faq-skeleton{height:3.25em;margin:0 0 .5em;border-radius:10px;background:linear-gradient(90deg,#1b2130 25%,#252d3f 50%,#1b2130 75%);background-size:200% 100%;animation:x-faq-shimmer 1.4s linear infinite}
@keyframes x-faq-shimmer{from{background-position:200% 0}to{background-position:-200% 0}}
@media (prefers-reduced-motion: reduce){.x-faq-skeleton{animation:none}}
.x-faq-empty,.x-faq-error{padding:1em;border-radius:10px;background:var(--x-faq-bg,#151a23)}
`;

/** The FAQ list with its search box. */
export function FaqSearch({
  sections,
  isLoading = false,
  error = null,
  title = FAQ_DEFAULT_TITLE,
  headingLevel = 2,
  autoFocus = false,
  showTitle = true,
}: FaqSearchProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const inputId = useId();
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  const visible = useMemo(
    () =>
      sections
        .map((section) => ({
          ...section,
          items: section.items.filter((item) => matchesQuestion(item, query)),
        }))
        .filter((section) => section.items.length > 0),
    [sections, query],
  );
  const total = visible.reduce((sum, section) => sum + section.items.length, 0);

  return (
    <div className="x-faq">
      <style>{STYLE}</style>
      {showTitle && <Title className="x-faq-title">{title}</Title>}
      <label htmlFor={inputId} className="x-faq-label">
        Search the questions
      </label>
      <input
        ref={input}
        data-autofocus={autoFocus || undefined}
        id={inputId}
        className="x-faq-search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="For example: withdrawal"
        autoComplete="off"
      />
      {isLoading ? (
        <div role="status" aria-label="Loading questions">
          {Array.from({ length: FAQ_SKELETONS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
            <div key={index} className="x-faq-skeleton" data-testid="faq-skeleton" />
          ))}
        </div>
      ) : error ? (
        <p className="x-faq-error" role="alert">
          {error}
        </p>
      ) : (
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
                aria-labelledby={`${inputId}-${section.slug}`}
              >
                <Section id={`${inputId}-${section.slug}`}>{section.title}</Section>
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
      )}
    </div>
  );
}
