/**
 * transfers.send and wallet.getHistory: money sent between account holders, and every ledger
 * entry of the account with its reason, as the account holder sees them.
 */
import { z } from 'zod';
import { HISTORY_KINDS, TRANSFER_NOTE_MAX } from '../../core/protocol.ts';
import { params, pattern, tickerField, words } from '../http/fields.ts';
import { decimalField } from '../trading/orderParams.ts';
import { accountHistory, MAX_HISTORY_PAGE } from '../wallet/history.ts';
import { sendTransfer } from '../wallet/transfers.ts';
import { defineMethod, type Method } from './registry.ts';

const send = defineMethod({
  name: 'transfers.send',
  access: 'user',
  params: params({
    to: words({ max: 254, min: 1 }),
    ticker: tickerField(),
    amount: decimalField('0.5'),
    note: words({ max: TRANSFER_NOTE_MAX }).exactOptional(),
    idempotencyKey: pattern(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, '-' or '_'"),
  }),
  async handler(request, { caller, db, balanceChanges }) {
    const { transfer, parties } = await sendTransfer(db, caller.user, request);
    balanceChanges.announce(parties);
    return { transfer };
  },
});

const history = defineMethod({
  name: 'wallet.getHistory',
  access: 'user',
  params: params({
    ticker: tickerField().exactOptional(),
    kind: z.enum(HISTORY_KINDS).exactOptional(),
    limit: z.number().int().min(1).max(MAX_HISTORY_PAGE).exactOptional(),
    before: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).exactOptional(),
  }),
  async handler(filters, { caller, db }) {
    return { entries: await accountHistory(db, caller.user.id, filters) };
  },
});

/** The transfer and history methods. */
export const transferMethods: readonly Method[] = [send, history];
