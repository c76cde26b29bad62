/**
 * kyc.*: identity verification. The account holder keeps a draft, attaches photos uploaded for
 * verification and submits; staff review the queue and approve or reject with a reason. See
 * kyc/kyc.ts.
 */
import { z } from 'zod';
import { KYC_MAX_LENGTH } from '../../core/kyc.ts';
import type { IdType } from '../../core/protocol/index.ts';
import { params, recordId, words } from '../http/fields.ts';
import {
  attachPhoto,
  decide,
  readMine,
  readQueue,
  readSubmission,
  saveDraft,
  submit,
} from '../kyc/kyc.ts';
import { defineMethod, type Method } from './registry.ts';

const text = (field: keyof typeof KYC_MAX_LENGTH) => words({ max: KYC_MAX_LENGTH[field] });

const getMine = defineMethod({
  name: 'kyc.getMine',
  access: 'user',
  params: params({}),
  handler: (_params, { caller, db, config }) => readMine(db, config, caller.user.id),
});

const saveDraftMethod = defineMethod({
  name: 'kyc.saveDraft',
  access: 'user',
  params: params({
    firstName: text('firstName').exactOptional(),
    lastName: text('lastName').exactOptional(),
    countryId: z.number().int().min(0).max(999).exactOptional(),
    city: text('city').exactOptional(),
    address: text('address').exactOptional(),
    dateOfBirth: text('dateOfBirth').exactOptional(),
    phone: text('phone').exactOptional(),
    zipCode: text('zipCode').exactOptional(),
    // Checked against the list by the domain, which names the accepted documents.
    idType: (text('idType') as unknown as z.ZodType<IdType | ''>).exactOptional(),
    idNumber: text('idNumber').exactOptional(),
    currentStep: z.number().int().min(0).max(3).exactOptional(),
  }),
  async handler(patch, { caller, db }) {
    return { application: await saveDraft(db, caller.user.id, patch) };
  },
});

const attach = defineMethod({
  name: 'kyc.attach',
  access: 'user',
  params: params({ slot: z.enum(['front', 'back', 'selfie']), attachmentId: recordId() }),
  async handler({ slot, attachmentId }, { caller, db }) {
    return { application: await attachPhoto(db, caller.user.id, slot, attachmentId) };
  },
});

const submitMethod = defineMethod({
  name: 'kyc.submit',
  access: 'user',
  params: params({}),
  async handler(_params, { caller, db }) {
    return { application: await submit(db, caller.user.id) };
  },
});

const getQueue = defineMethod({
  name: 'kyc.getQueue',
  access: 'staff',
  params: params({}),
  handler: async (_params, { db }) => ({ items: await readQueue(db) }),
});

const getSubmission = defineMethod({
  name: 'kyc.getSubmission',
  access: 'staff',
  params: params({ userId: recordId() }),
  handler: async ({ userId }, { caller, db }) => ({
    submission: await readSubmission(db, userId, caller.user.id),
  }),
});

const approve = defineMethod({
  name: 'kyc.approve',
  access: 'staff',
  params: params({ userId: recordId() }),
  async handler({ userId }, { caller, db, events }) {
    const submission = await decide(db, caller.user.id, userId, 'approved', null);
    events.publish('kyc.decided', { userId, status: 'approved' });
    return { submission };
  },
});

const reject = defineMethod({
  name: 'kyc.reject',
  access: 'staff',
  // Checked again after trimming, with a message that says what a reason is for.
  params: params({ userId: recordId(), reason: words({ max: 1000, multiline: true }) }),
  async handler({ userId, reason }, { caller, db, events }) {
    const submission = await decide(db, caller.user.id, userId, 'rejected', reason);
    events.publish('kyc.decided', { userId, status: 'rejected' });
    return { submission };
  },
});

/** The kyc.* methods. */
export const kycMethods: readonly Method[] = [
  getMine,
  saveDraftMethod,
  attach,
  submitMethod,
  getQueue,
  getSubmission,
  approve,
  reject,
];
