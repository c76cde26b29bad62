/**
 * `/proof-of-reserves`, public: the latest snapshot's time and root, per asset what the accounts
 * are owed, what the exchange's addresses held and their ratio (a shortfall said in words), the
 * addresses with their ownership signatures, the history of snapshots, and how to verify it all.
 */
import { useId } from 'react';
import { formatCount, formatLocalDateTime, type ReserveSnapshot } from '../../../core/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { CopyableText } from './CopyableText.tsx';
import { HowToVerify } from './HowToVerify.tsx';
import { ReserveAddresses } from './ReserveAddresses.tsx';
import { ReserveTotalsTable } from './ReserveTotalsTable.tsx';
import { SnapshotHistory } from './SnapshotHistory.tsx';
import { type PublicReserves, usePublicReserves } from './usePublicReserves.ts';
import './reserves.css';

/** The latest snapshot: when, its root, its tree's size and the totals. */
function LatestSnapshot({ snapshot }: { snapshot: ReserveSnapshot }) {
  return (
    <section aria-labelledby="reserves-latest-title">
      <h2 id="reserves-latest-title">Latest snapshot (#{snapshot.id})</h2>
      <dl className="reserves-facts">
        <dt>Taken</dt>
        <dd>
          <time dateTime={snapshot.takenAt} data-testid="reserves-taken-at">
            {formatLocalDateTime(snapshot.takenAt)}
          </time>
        </dd>
        <dt>Root hash</dt>
        <dd>
          <CopyableText value={snapshot.rootHash} what="root hash" testId="reserves-root" />
        </dd>
        <dt>Tree</dt>
        <dd>
          {formatCount(snapshot.leafCount)} leaves: every account, among padding that hides how many
          there are
        </dd>
      </dl>
      <ReserveTotalsTable assets={snapshot.assets} caption="Liabilities and reserves per asset" />
    </section>
  );
}

/** The page once read: the snapshot's sections, or the empty state before the first. */
function Reserves({ data }: { data: PublicReserves }) {
  const { latest } = data;
  if (latest === null) {
    return (
      <>
        <p className="account-summary" data-testid="reserves-empty">
          No snapshot of reserves has been taken yet. The first one appears here as soon as it is
          taken, with the root every account can check its balances against.
        </p>
        <HowToVerify latest={null} />
      </>
    );
  }
  return (
    <>
      <LatestSnapshot snapshot={latest} />
      <section aria-labelledby="reserves-addresses-title">
        <h2 id="reserves-addresses-title">The exchange’s addresses</h2>
        <ReserveAddresses addresses={data.addresses} />
      </section>
      <section aria-labelledby="reserves-history-title">
        <h2 id="reserves-history-title">History</h2>
        <SnapshotHistory snapshots={data.history} caption="Snapshots, newest first" />
      </section>
      <HowToVerify latest={latest} />
    </>
  );
}

/** The page. */
export default function ProofOfReservesPage() {
  const titleId = useId();
  const { load, reload } = usePublicReserves();
  return (
    <section className="page reserves" aria-labelledby={titleId}>
      <h1 id={titleId}>Proof of reserves</h1>
      <p className="account-summary">
        What the exchange owes its accounts, asset by asset, beside what its addresses hold: every
        account can check that its balances are counted, and anyone can check that the addresses are
        the exchange’s.
      </p>
      {load.state === 'loading' && <Loader label="Loading the proof of reserves" />}
      {load.state === 'error' && (
        <LoadError
          message={`Could not load the proof of reserves: ${load.message}`}
          onRetry={reload}
        />
      )}
      {load.state === 'ready' && <Reserves data={load.value} />}
    </section>
  );
}
