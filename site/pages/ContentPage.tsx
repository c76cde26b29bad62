/**
 * One component for every operator-edited page (the policy pages by type, about-us,
 * careers): loads the page with pages.getItem and shows its HTML sanitised by DOMPurify.
 */
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { call, type ContentPage as Page } from '../../core/index.ts';
import { PageSkeleton } from '../components/PageSkeleton.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; page: Page };

/** The page of `type`, e.g. terms_of_use. */
export default function ContentPage({ type }: { type: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    void call('pages.getItem', { type }).then((reply) => {
      if (!current) return;
      setLoad(
        reply.status
          ? { state: 'ready', page: reply.page }
          : { state: 'error', message: reply.error_msg },
      );
    });
    return () => {
      current = false;
    };
  }, [type, attempt]);

  useEffect(() => {
    if (load.state === 'ready') document.title = load.page.title;
  }, [load]);

  if (load.state === 'loading') return <PageSkeleton label="Loading the page" />;
  if (load.state === 'error') {
    return (
      <section className="page" aria-labelledby="content-error">
        <h1 id="content-error">This page could not be loaded</h1>
        <p role="alert">{load.message}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
            Try again
          </button>
          <a className="button secondary" href="/faq">
            Visit the help center
          </a>
        </div>
      </section>
    );
  }
  const { page } = load;
  return (
    <article className="page content-page" aria-labelledby="content-title">
      <h1 id="content-title">{page.title}</h1>
      <p className="muted">
        Last updated{' '}
        <time dateTime={page.updatedAt}>
          {new Date(page.updatedAt).toLocaleDateString('en-GB', { dateStyle: 'long' })}
        </time>
      </p>
      <div
        className="prose"
        // Operator HTML, sanitised with DOMPurify's HTML profile before it reaches the page.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised operator HTML.
        dangerouslySetInnerHTML={{
          __html: DOMPurify.sanitize(page.html, { USE_PROFILES: { html: true } }),
        }}
      />
    </article>
  );
}
