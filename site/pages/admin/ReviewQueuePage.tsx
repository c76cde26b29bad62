/**
 * What every staff review queue page shares (withdrawals, verifications): the Dashboard's
 * navigation, a heading that takes the focus back once a reviewed row is gone, a polite status
 * line for what was just decided, a load error with a retry, and the loading and empty states
 * before the queue itself.
 */
import type { ReactNode, RefObject } from 'react';
import { Loader } from '../../components/Loader.tsx';
import { DashboardNav } from './DashboardNav.tsx';

/** See the file comment. `things` names what waits ("withdrawals"). */
export function ReviewQueuePage<Item>(props: {
  titleId: string;
  title: string;
  heading: RefObject<HTMLHeadingElement | null>;
  styles: string;
  announcement: string;
  error: ReactNode | null;
  onRetry(): void;
  things: string;
  /** What waits; null while loading. */
  items: readonly Item[] | null;
  /** The queue, drawn when something waits. */
  children(items: readonly Item[]): ReactNode;
  /** Shown whatever the queue holds (the open review). */
  after?: ReactNode;
}) {
  const { items, error, things } = props;
  return (
    <section className="page" aria-labelledby={props.titleId}>
      <style>{props.styles}</style>
      <DashboardNav />
      <h1 id={props.titleId} ref={props.heading} tabIndex={-1}>
        {props.title}
      </h1>
      <p role="status" className="account-summary">
        {props.announcement}
      </p>
      {error !== null && (
        <div className="error-box" role="alert">
          <p>{error}</p>
          <button type="button" className="button secondary" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      )}
      {items === null ? (
        error === null && <Loader label={`Loading the ${things} to review`} />
      ) : items.length === 0 ? (
        <p className="account-summary">No {things} are waiting for review.</p>
      ) : (
        props.children(items)
      )}
      {props.after}
    </section>
  );
}
