/** The markets table's stand-in row while the tickers load. */
import { COLUMNS } from './marketColumns.ts';

/** A placeholder row while the tickers load: one grey bar per column. */
export function SkeletonRow() {
  return (
    <tr className="skeleton-row" data-testid="market-skeleton">
      <td className="col-favourite" />
      {COLUMNS.map((column) => (
        <td key={column.key} className={`col-${column.key}`}>
          <div className="skeleton" aria-hidden="true" />
        </td>
      ))}
      <td className="col-chart">
        <div className="skeleton" aria-hidden="true" />
      </td>
    </tr>
  );
}
