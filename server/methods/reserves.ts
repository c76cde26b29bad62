/**
 * reserves.*: proof of reserves and liabilities. Anyone reads the snapshots' roots, totals and
 * addresses; an account reads its own proof; staff list the snapshots with what they counted,
 * take one now and see the assets that fall short. See reserves/.
 */
import { z } from 'zod';
import { MAX_RESERVE_SNAPSHOTS_PAGE } from '../../core/protocol/index.ts';
import { params, recordId } from '../http/fields.ts';
import { accountProof, snapshotIdOf } from '../reserves/proofs.ts';
import { reserveAddresses } from '../reserves/publishedAddresses.ts';
import { reserveReader } from '../reserves/reserveReader.ts';
import { snapshotNow } from '../reserves/SnapshotTaker.ts';
import { isShort, publicSnapshot, staffSnapshots } from '../reserves/snapshotSummaries.ts';
import { defineMethod, type Method } from './registry.ts';

const pageSize = () => z.number().int().min(1).max(MAX_RESERVE_SNAPSHOTS_PAGE).exactOptional();

const getLatest = defineMethod({
  name: 'reserves.getLatest',
  access: 'public',
  params: params({}),
  async handler(_params, { db }) {
    const [latest] = await staffSnapshots(db, { limit: 1 });
    return { snapshot: latest === undefined ? null : publicSnapshot(latest) };
  },
});

const getHistory = defineMethod({
  name: 'reserves.getHistory',
  access: 'public',
  params: params({ limit: pageSize(), before: recordId().exactOptional() }),
  async handler({ limit, before }, { db }) {
    const page = { limit: limit ?? 30, ...(before === undefined ? {} : { before }) };
    return { snapshots: (await staffSnapshots(db, page)).map(publicSnapshot) };
  },
});

const getAddresses = defineMethod({
  name: 'reserves.getAddresses',
  access: 'public',
  params: params({ snapshotId: recordId().exactOptional() }),
  async handler({ snapshotId }, { db }) {
    return reserveAddresses(db, snapshotId);
  },
});

const getMyProof = defineMethod({
  name: 'reserves.getMyProof',
  access: 'user',
  params: params({ snapshotId: recordId().exactOptional() }),
  async handler({ snapshotId }, { caller, db }) {
    return accountProof(db, await snapshotIdOf(db, snapshotId), caller.user.id);
  },
});

const getSnapshots = defineMethod({
  name: 'reserves.getSnapshots',
  access: 'staff',
  params: params({ limit: pageSize(), before: recordId().exactOptional() }),
  async handler({ limit, before }, { db }) {
    const page = { limit: limit ?? 30, ...(before === undefined ? {} : { before }) };
    return { snapshots: await staffSnapshots(db, page) };
  },
});

const take = defineMethod({
  name: 'reserves.takeSnapshot',
  access: 'staff',
  params: params({}),
  async handler(_params, { caller, db, config, chains }) {
    const taken = await snapshotNow(db, caller.user.id, reserveReader(db, config, chains));
    const [snapshot] = await staffSnapshots(db, { limit: 1, id: taken.id });
    if (snapshot === undefined) throw new Error(`snapshot ${taken.id} not found after commit`);
    return { snapshot };
  },
});

const getShortfalls = defineMethod({
  name: 'reserves.getShortfalls',
  access: 'staff',
  params: params({}),
  async handler(_params, { db }) {
    const [latest] = await staffSnapshots(db, { limit: 1 });
    return {
      snapshotId: latest?.id ?? null,
      shortfalls: latest?.assets.filter(isShort) ?? [],
    };
  },
});

/** The reserves.* methods. */
export const reserveMethods: readonly Method[] = [
  getLatest,
  getHistory,
  getAddresses,
  getMyProof,
  getSnapshots,
  take,
  getShortfalls,
];
