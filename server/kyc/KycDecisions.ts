/**
 * Where a staff decision on an identity verification is announced, with the account's id, so
 * the account's open private streams tell its pages at once: the badge and the withdrawal limit
 * change while the person watches.
 */
import { Announcer } from '../live/Announcer.ts';

/** A decision on one account's verification. */
export interface KycDecision {
  userId: number;
  status: 'approved' | 'rejected';
}

/** The announcements of verification decisions, and who listens to them. */
export class KycDecisions extends Announcer<KycDecision> {}
