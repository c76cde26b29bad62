/**
 * A withdrawal's whole life in one table: the status it is created in, and every move it can
 * make afterwards, from which statuses, to which, and who or what makes it. Every query that
 * changes a withdrawal's status takes its `from` and `to` from here, conditionally on the row
 * still being in `from`, so two movers racing (an owner's cancel and the sender) cannot both win.
 *
 *   awaitingConfirmation --link--> requested | awaitingReview
 *   awaitingReview --staff approves--> requested
 *   requested --sender signs--> sent --chain--> confirmed | failed
 *   awaitingConfirmation | requested | awaitingReview --owner--> cancelled
 *   awaitingConfirmation --link runs out--> cancelled;  awaitingReview --staff--> rejected
 *
 * A move to cancelled, rejected or failed releases the hold (releaseHold.ts); to confirmed, the
 * held amount leaves (WithdrawalSender.ts). Nothing moves out of those four.
 */
import type { WithdrawalStatus } from '../../../core/protocol/index.ts';

/** Who or what moves a withdrawal. */
export type WithdrawalMover =
  | 'owner'
  | 'mailed link'
  | 'link expiry'
  | 'staff'
  | 'sender'
  | 'chain';

/** One move: the statuses it starts from, the ones it may end in, and who makes it. */
export interface WithdrawalMove {
  readonly from: readonly WithdrawalStatus[];
  readonly to: readonly WithdrawalStatus[];
  readonly by: WithdrawalMover;
}

/** The status a new withdrawal is held in until its owner follows the mailed link. */
export const NEW_WITHDRAWAL_STATUS = 'awaitingConfirmation' satisfies WithdrawalStatus;

/** Every move a withdrawal can make, by name. */
export const WITHDRAWAL_MOVES = {
  /** The owner follows the mailed link: on to the sender, or to staff above the review threshold. */
  confirmByLink: {
    from: ['awaitingConfirmation'],
    to: ['requested', 'awaitingReview'],
    by: 'mailed link',
  },
  /** The link ran out unfollowed: the hold goes back. */
  expireLink: { from: ['awaitingConfirmation'], to: ['cancelled'], by: 'link expiry' },
  /** The owner changes their mind: possible until the withdrawal is signed. */
  cancel: {
    from: ['awaitingConfirmation', 'requested', 'awaitingReview'],
    to: ['cancelled'],
    by: 'owner',
  },
  /** Staff let a large withdrawal go to the sender. */
  approve: { from: ['awaitingReview'], to: ['requested'], by: 'staff' },
  /** Staff refuse it, with a reason its owner reads: the hold goes back. */
  reject: { from: ['awaitingReview'], to: ['rejected'], by: 'staff' },
  /** The sender signs it and stores the transaction before broadcasting it. */
  send: { from: ['requested'], to: ['sent'], by: 'sender' },
  /** The chain confirmed it enough times: the held amount leaves. */
  confirm: { from: ['sent'], to: ['confirmed'], by: 'chain' },
  /** The chain refused it: the hold goes back. */
  fail: { from: ['sent'], to: ['failed'], by: 'chain' },
} as const satisfies Record<string, WithdrawalMove>;

/** A move's name. */
export type WithdrawalMoveName = keyof typeof WITHDRAWAL_MOVES;

/** The statuses `move` starts from, for a query's `where status in (...)`. */
export function movableFrom<Name extends WithdrawalMoveName>(
  move: Name,
): (typeof WITHDRAWAL_MOVES)[Name]['from'] {
  return WITHDRAWAL_MOVES[move].from;
}

/** The one status `move` ends in (every move but confirmByLink has one). */
export function movedTo<Name extends Exclude<WithdrawalMoveName, 'confirmByLink'>>(
  move: Name,
): (typeof WITHDRAWAL_MOVES)[Name]['to'][0] {
  return WITHDRAWAL_MOVES[move].to[0];
}

/** Whether `move` may start from `status`. */
export function canMove(move: WithdrawalMoveName, status: WithdrawalStatus): boolean {
  return (WITHDRAWAL_MOVES[move].from as readonly WithdrawalStatus[]).includes(status);
}
