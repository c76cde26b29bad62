/** A route's error page: says what went wrong and offers a way on. */
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a route's render errors and shows an error page instead of a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="page error-page" aria-labelledby="error-title">
        <h1 id="error-title">This page ran into a problem</h1>
        <p>
          Something went wrong while showing this page. Reloading usually helps; if it keeps
          happening, contact support and tell us what you were doing.
        </p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <a className="button secondary" href="/">
            Go to the home page
          </a>
        </div>
      </section>
    );
  }
}
