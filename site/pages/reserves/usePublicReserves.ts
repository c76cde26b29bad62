/** What the public proof-of-reserves page reads: the latest snapshot, its addresses, the history. */
import { useCallback } from 'react';
import { call, type ReserveAddressEntry, type ReserveSnapshot } from '../../../core/index.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** How many earlier snapshots the page lists. */
export const HISTORY_LIMIT = 30;

/** The page's data; `latest` null before the first snapshot. */
export interface PublicReserves {
  latest: ReserveSnapshot | null;
  addresses: ReserveAddressEntry[];
  history: ReserveSnapshot[];
}

async function readPublicReserves(): Promise<Load<PublicReserves>> {
  const latest = await call('reserves.getLatest', {});
  if (!latest.status) return refused(latest);
  const { snapshot } = latest;
  if (snapshot === null) {
    return { state: 'ready', value: { latest: null, addresses: [], history: [] } };
  }
  // The addresses of the snapshot shown, not of one taken in between.
  const [addresses, history] = await Promise.all([
    call('reserves.getAddresses', { snapshotId: snapshot.id }),
    call('reserves.getHistory', { limit: HISTORY_LIMIT }),
  ]);
  if (!addresses.status) return refused(addresses);
  if (!history.status) return refused(history);
  return {
    state: 'ready',
    value: { latest: snapshot, addresses: addresses.addresses, history: history.snapshots },
  };
}

/** The page's data, read once; `reload` reads it again. */
export function usePublicReserves() {
  return useLoad(useCallback(readPublicReserves, []));
}
