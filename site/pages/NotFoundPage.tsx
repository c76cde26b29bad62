/** The not-found page (spec §2 `*`): says so and offers the way back. */
import { Link } from 'wouter';

/** Shown for every path no route claims. */
export default function NotFoundPage() {
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The address may be mistyped, or the page has moved.</p>
      <div className="actions">
        <Link href="/" className="button">
          Go to the home page
        </Link>
        <Link href="/account" className="button secondary">
          Open your account
        </Link>
      </div>
    </section>
  );
}
