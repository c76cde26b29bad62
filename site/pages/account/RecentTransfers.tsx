/** The transfer page's list of the account's latest transfers. */
import { formatAmount, formatLocalDateTime, type HistoryEntry } from '../../../core/index.ts';

/** The account's latest transfers, both ways. */
export function RecentTransfers({ entries }: { entries: readonly HistoryEntry[] }) {
  return (
    <section className="transfer-recent" aria-label="Recent transfers">
      <h2>Recent transfers</h2>
      {entries.length === 0 ? (
        <p className="account-summary">No transfers yet.</p>
      ) : (
        <ul>
          {entries.map((entry) => (
            <li key={entry.id} data-testid="recent-transfer">
              <span className="number">
                {entry.available.startsWith('-') ? '' : '+'}
                {formatAmount(entry.available)} {entry.ticker}
              </span>{' '}
              {entry.transfer?.direction === 'in' ? 'from' : 'to'} {entry.transfer?.counterparty}
              {entry.transfer?.note ? ` — ${entry.transfer.note}` : ''}{' '}
              <time dateTime={entry.createdAt}>{formatLocalDateTime(entry.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
