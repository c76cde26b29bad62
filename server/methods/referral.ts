/** referral.*: the caller's referral code, referred accounts and earnings; see referral/. */
import { params } from '../http/fields.ts';
import { referralSummary } from '../referral/summary.ts';
import { defineMethod, type Method } from './registry.ts';

const getMine = defineMethod({
  name: 'referral.getMine',
  access: 'user',
  params: params({}),
  async handler(_params, { caller, db, config }) {
    return { referral: await referralSummary(db, caller.user, config.referralShare) };
  },
});

/** The referral.* methods. */
export const referralMethods: readonly Method[] = [getMine];
