import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WithdrawalStatus } from '../../../core/protocol/index.ts';
import { canMove, NEW_WITHDRAWAL_STATUS, WITHDRAWAL_MOVES } from './lifecycle.ts';

/** Every status, checked against the protocol's union at compile time. */
const STATUSES = {
  awaitingConfirmation: true,
  requested: true,
  awaitingReview: true,
  sent: true,
  confirmed: true,
  cancelled: true,
  rejected: true,
  failed: true,
} satisfies Record<WithdrawalStatus, true>;
const ALL = Object.keys(STATUSES) as WithdrawalStatus[];
const FINAL: WithdrawalStatus[] = ['confirmed', 'cancelled', 'rejected', 'failed'];
const moves = Object.values(WITHDRAWAL_MOVES);

describe('the withdrawal lifecycle', () => {
  it('reaches every status from the new one', () => {
    const reached = new Set<WithdrawalStatus>([NEW_WITHDRAWAL_STATUS]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const move of moves) {
        if (!move.from.some((status) => reached.has(status))) continue;
        for (const status of move.to) {
          if (!reached.has(status)) {
            reached.add(status);
            grew = true;
          }
        }
      }
    }
    assert.deepEqual([...reached].sort(), [...ALL].sort());
  });

  it('lets nothing move out of confirmed, cancelled, rejected or failed', () => {
    for (const move of moves) {
      for (const status of FINAL) assert.ok(!move.from.includes(status as never), status);
    }
  });

  it('gives every other status a way on', () => {
    for (const status of ALL.filter((s) => !FINAL.includes(s))) {
      assert.ok(
        moves.some((move) => (move.from as readonly WithdrawalStatus[]).includes(status)),
        status,
      );
    }
  });

  it('lets the owner cancel until the withdrawal is signed, and not after', () => {
    assert.ok(canMove('cancel', 'awaitingConfirmation'));
    assert.ok(canMove('cancel', 'requested'));
    assert.ok(canMove('cancel', 'awaitingReview'));
    assert.ok(!canMove('cancel', 'sent'));
  });

  it('leaves a withdrawal awaiting review to staff alone, never to the sender', () => {
    assert.ok(!canMove('send', 'awaitingReview'));
    assert.equal(WITHDRAWAL_MOVES.approve.by, 'staff');
    assert.equal(WITHDRAWAL_MOVES.reject.by, 'staff');
  });
});
