/** The not-found page (every unknown path): says so and offers the ways on. */
import { Link } from 'wouter';

/** Shown for every path no route claims. */
export default function NotFoundPage() {
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        The address may be mistyped, or the page has moved. Check the address, or go on from one of
        these:
      </p>
      <div className="actions">
        <Link href="/" className="button">
          Go to the home page
        </Link>
        <Link href="/account" className="button secondary">
          Open your account
        </Link>
        <Link href="/faq" className="button secondary">
          Visit the help center
        </Link>
      </div>
    </section>
  );
}
