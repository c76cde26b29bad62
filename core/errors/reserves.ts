/** Refusals of the proof-of-reserves methods. */
import type { ErrorTable } from './entry.ts';

/** What the proof-of-reserves methods answer when they refuse. */
export const RESERVE_ERRORS = {
  'reserves.noSnapshot': {
    message: 'No snapshot of reserves has been taken yet. Please check again later.',
  },
  'reserves.unknownSnapshot': {
    message: 'There is no snapshot with this id. Leave it out for the latest one.',
    param: 'snapshotId',
  },
  'reserves.notCounted': {
    message:
      'Your account was not in this snapshot (it was opened after it was taken). Your proof will be in the next one.',
    param: 'snapshotId',
  },
  'reserves.pruned': {
    message:
      'Proofs of this snapshot are no longer kept (only recent snapshots keep them); its root and totals are still published. Leave the snapshot out to get your proof in the latest one.',
    param: 'snapshotId',
  },
  'reserves.busy': {
    message: 'A snapshot is being taken right now. Please wait for it and look at the list again.',
  },
} as const satisfies ErrorTable;
