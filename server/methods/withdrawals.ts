/**
 * withdrawals.*: an account holder requests a withdrawal (held at once), confirms it from the
 * mailed link (then it is sent with the next block), cancels it before it is sent and lists
 * them; staff list those awaiting review and approve or reject them.
 */
import { z } from 'zod';
import { params, pattern, recordId, tickerField, words } from '../http/fields.ts';
import { decimalField } from '../trading/orderParams.ts';
import { confirmWithdrawal } from '../wallet/withdrawals/mailConfirmation.ts';
import { requestWithdrawal } from '../wallet/withdrawals/requestWithdrawal.ts';
import { cancelWithdrawal, reviewWithdrawal } from '../wallet/withdrawals/reviewWithdrawals.ts';
import {
  selectWithdrawals,
  staffWithdrawalToWire,
  withdrawalToWire,
} from '../wallet/withdrawals/withdrawalRows.ts';
import { networkField } from './deposits.ts';
import { defineMethod, type Method } from './registry.ts';

/** Most withdrawals a page lists. */
export const MAX_WITHDRAWALS_PAGE = 500;

/** Longest reason staff give for a rejection, in characters. */
export const REJECTION_REASON_MAX = 500;

const request = defineMethod({
  name: 'withdrawals.request',
  access: 'user',
  params: params({
    asset: tickerField(),
    network: networkField(),
    address: words({ max: 128 }),
    tag: words({ max: 16 }).exactOptional(),
    withoutTag: z.boolean().exactOptional(),
    amount: decimalField('0.5'),
    code: words({ max: 32 }).exactOptional(),
    idempotencyKey: pattern(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, '-' or '_'"),
  }),
  async handler(params, { caller, db, config, limits, chains, events }) {
    const row = await requestWithdrawal({ db, config, limits, chains }, caller.user.id, params);
    events.publish('wallet.balancesChanged', { userIds: [caller.user.id] });
    return { withdrawal: withdrawalToWire(row) };
  },
});

// Public: the link may be opened where the owner is not signed in (a phone's mail app). The
// token is the proof: 32 random bytes, used once, within 30 minutes.
const confirm = defineMethod({
  name: 'withdrawals.confirm',
  access: 'public',
  params: params({ confirmToken: words({ min: 1, max: 128 }) }),
  async handler({ confirmToken }, { db, config, events }) {
    const row = await confirmWithdrawal(db, config.wallet.withdrawalReviewUsd, confirmToken);
    events.publish('wallet.balancesChanged', { userIds: [row.user_id] });
    return { withdrawal: withdrawalToWire(row) };
  },
});

const cancel = defineMethod({
  name: 'withdrawals.cancel',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, { caller, db, events }) {
    const row = await cancelWithdrawal(db, caller.user.id, id);
    events.publish('wallet.balancesChanged', { userIds: [caller.user.id] });
    return { withdrawal: withdrawalToWire(row) };
  },
});

const pageSize = () => z.number().int().min(1).max(MAX_WITHDRAWALS_PAGE).exactOptional();

const getMine = defineMethod({
  name: 'withdrawals.getMine',
  access: 'user',
  params: params({
    asset: tickerField().exactOptional(),
    limit: pageSize(),
    before: recordId().exactOptional(),
  }),
  async handler(params, { caller, db }) {
    let query = selectWithdrawals(db)
      .where('w.user_id', '=', caller.user.id)
      .orderBy('w.id', 'desc')
      .limit(params.limit ?? 50);
    if (params.asset !== undefined) query = query.where('w.asset', '=', params.asset);
    if (params.before !== undefined) query = query.where('w.id', '<', params.before);
    return { withdrawals: (await query.execute()).map(withdrawalToWire) };
  },
});

const getPending = defineMethod({
  name: 'withdrawals.getPending',
  access: 'staff',
  params: params({ limit: pageSize(), after: recordId().exactOptional() }),
  async handler(params, { db }) {
    let query = selectWithdrawals(db)
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['u.login', 'u.email'])
      .where('w.status', '=', 'awaitingReview')
      .orderBy('w.id')
      .limit(params.limit ?? 50);
    if (params.after !== undefined) query = query.where('w.id', '>', params.after);
    return { withdrawals: (await query.execute()).map(staffWithdrawalToWire) };
  },
});

const review = defineMethod({
  name: 'withdrawals.review',
  access: 'staff',
  params: params({
    id: recordId(),
    approve: z.boolean(),
    reason: words({ max: REJECTION_REASON_MAX }).exactOptional(),
  }),
  async handler(decision, { caller, db, events }) {
    const row = await reviewWithdrawal(db, caller.user.id, decision);
    // Either way the owner's pages follow it; approved, the sender takes it up at once.
    events.publish('wallet.balancesChanged', { userIds: [row.user_id] });
    const owner = await db
      .selectFrom('users')
      .select(['login', 'email'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    return { withdrawal: staffWithdrawalToWire({ ...row, ...owner }) };
  },
});

/** The withdrawals.* methods. */
export const withdrawalMethods: readonly Method[] = [
  request,
  confirm,
  cancel,
  getMine,
  getPending,
  review,
];
