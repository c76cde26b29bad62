/**
 * What staff see of the proof of reserves: the snapshots with their accounts and ratios, the
 * assets of the latest that fall short, and "take a snapshot now" with its pending state and the
 * server's refusal (one snapshot at a time across the servers).
 */
import { useCallback, useState } from 'react';
import { call, type ReserveAssetTotal, type StaffReserveSnapshot } from '../../../core/index.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** How many snapshots the list shows. */
export const STAFF_SNAPSHOTS_LIMIT = 30;

/** The list and the latest snapshot's shortfalls. */
export interface StaffReserves {
  snapshots: StaffReserveSnapshot[];
  shortfalls: { snapshotId: number | null; assets: ReserveAssetTotal[] };
}

async function readStaffReserves(): Promise<Load<StaffReserves>> {
  const [list, short] = await Promise.all([
    call('reserves.getSnapshots', { limit: STAFF_SNAPSHOTS_LIMIT }),
    call('reserves.getShortfalls', {}),
  ]);
  if (!list.status) return refused(list);
  if (!short.status) return refused(short);
  return {
    state: 'ready',
    value: {
      snapshots: list.snapshots,
      shortfalls: { snapshotId: short.snapshotId, assets: short.shortfalls },
    },
  };
}

/** The staff view's data, `take` for a snapshot now, its pending state, outcome and refusal. */
export function useStaffReserves() {
  const { load, reload } = useLoad(useCallback(readStaffReserves, []));
  const [pending, setPending] = useState(false);
  const [takeError, setTakeError] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const take = async () => {
    setPending(true);
    setTakeError('');
    setAnnouncement('');
    const reply = await call('reserves.takeSnapshot', {});
    setPending(false);
    if (!reply.status) {
      setTakeError(reply.error_msg);
      return;
    }
    const { id, shortfalls } = reply.snapshot;
    setAnnouncement(
      `Snapshot #${id} taken${shortfalls.length > 0 ? `: ${shortfalls.join(', ')} fall short.` : '.'}`,
    );
    reload();
  };

  return { load, reload, take, pending, takeError, announcement };
}
