/** The account history's table: one row per ledger entry. */
import { formatLocalDateTime, type HistoryEntry } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { details, KIND_LABELS, signed } from './historyLabels.ts';

/** Each entry's time, kind, asset, changes to the available and held balances, and details. */
export function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  return (
    <TableScroll label="History table">
      <table className="history">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Kind</th>
            <th scope="col">Asset</th>
            <th scope="col" className="number">
              Available
            </th>
            <th scope="col" className="number">
              Held
            </th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="history-entry">
              <td>
                <time dateTime={entry.createdAt}>{formatLocalDateTime(entry.createdAt)}</time>
              </td>
              <td>{KIND_LABELS[entry.kind]}</td>
              <td>{entry.ticker}</td>
              <td className="number">{signed(entry.available)}</td>
              <td className="number">{signed(entry.held)}</td>
              <td>{details(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
