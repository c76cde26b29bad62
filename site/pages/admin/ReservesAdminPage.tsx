/**
 * `/account/admin/reserves`, the Dashboard's proof of reserves: any asset of the latest snapshot
 * whose reserves fall short, at the top, at once; "Take a snapshot now"; and the snapshots with
 * when, who, how many accounts they counted, their roots and each asset's ratio.
 */
import { useId } from 'react';
import { formatAmount, formatCount, type ReserveAssetTotal } from '../../../core/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ReserveRatio } from '../reserves/ReserveRatio.tsx';
import { SnapshotHistory } from '../reserves/SnapshotHistory.tsx';
import { DashboardNav } from './DashboardNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import { type StaffReserves, useStaffReserves } from './useStaffReserves.ts';
import '../reserves/reserves.css';

/** The page: the view for staff, a clear refusal for everyone else. */
export default function ReservesAdminPage() {
  return (
    <StaffOnly>
      <ReservesAdmin />
    </StaffOnly>
  );
}

/** The latest snapshot's shortfalls, as an alert; nothing when none falls short. */
function Shortfalls({ shortfalls }: { shortfalls: StaffReserves['shortfalls'] }) {
  if (shortfalls.assets.length === 0) return null;
  return (
    <div className="error-box reserves-verdict failed" role="alert" data-testid="shortfalls">
      <p>
        <strong>Reserves fall short</strong> in snapshot #{shortfalls.snapshotId} for{' '}
        {shortfalls.assets.map((asset) => asset.ticker).join(', ')}:
      </p>
      <ul>
        {shortfalls.assets.map((asset: ReserveAssetTotal) => (
          <li key={asset.ticker}>
            {asset.ticker}: {formatAmount(asset.reserves)} held for{' '}
            {formatAmount(asset.liabilities)} owed (<ReserveRatio asset={asset} />)
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The snapshots as staff see them. */
function StaffSnapshots({ data }: { data: StaffReserves }) {
  if (data.snapshots.length === 0) {
    return <p className="account-summary">No snapshot has been taken yet.</p>;
  }
  return (
    <SnapshotHistory
      snapshots={data.snapshots}
      caption="Snapshots, newest first"
      extra={{
        heads: ['Taken by', 'Accounts'],
        cells: (snapshot) => [
          snapshot.takenBy === null ? 'Schedule' : `Staff #${snapshot.takenBy}`,
          formatCount(snapshot.accounts),
        ],
      }}
    />
  );
}

function ReservesAdmin() {
  const titleId = useId();
  const { load, reload, take, pending, takeError, announcement } = useStaffReserves();
  return (
    <section className="page reserves" aria-labelledby={titleId}>
      <DashboardNav />
      <h1 id={titleId}>Proof of reserves</h1>
      {load.state === 'ready' && <Shortfalls shortfalls={load.value.shortfalls} />}
      <p className="button-row">
        <button
          type="button"
          className="button"
          disabled={pending}
          aria-busy={pending}
          onClick={() => void take()}
        >
          {pending ? 'Taking a snapshot…' : 'Take a snapshot now'}
        </button>
      </p>
      {takeError !== '' && (
        <p className="error-box" role="alert">
          {takeError}
        </p>
      )}
      <p role="status" className="account-summary">
        {announcement}
      </p>
      {load.state === 'loading' && <Loader label="Loading the snapshots" />}
      {load.state === 'error' && (
        <LoadError message={`Could not load the snapshots: ${load.message}`} onRetry={reload} />
      )}
      {load.state === 'ready' && <StaffSnapshots data={load.value} />}
    </section>
  );
}
