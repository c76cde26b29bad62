/** The snapshots newest first: when each was taken, its root, and each asset's ratio. */
import type { ReactNode } from 'react';
import { formatLocalDateTime, type ReserveSnapshot } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { RatioList } from './ReserveRatio.tsx';

/** The history table; `extra` adds staff's columns after the time. */
export function SnapshotHistory<S extends ReserveSnapshot>({
  snapshots,
  caption,
  extra,
}: {
  snapshots: readonly S[];
  caption: string;
  extra?: { heads: string[]; cells(snapshot: S): ReactNode[] };
}) {
  return (
    <TableScroll label={caption}>
      <table className="reserves-history">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Snapshot</th>
            <th scope="col">Taken</th>
            {extra?.heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
            <th scope="col">Root hash</th>
            <th scope="col">Ratio per asset</th>
          </tr>
        </thead>
        <tbody>
          {snapshots.map((snapshot) => (
            <tr key={snapshot.id} data-testid="reserve-snapshot">
              <th scope="row">#{snapshot.id}</th>
              <td>
                <time dateTime={snapshot.takenAt}>{formatLocalDateTime(snapshot.takenAt)}</time>
              </td>
              {extra?.cells(snapshot).map((cell, index) => (
                <td key={extra.heads[index]}>{cell}</td>
              ))}
              <td>
                <code className="reserves-code">{snapshot.rootHash}</code>
              </td>
              <td>
                <RatioList assets={snapshot.assets} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
