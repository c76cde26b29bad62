/** transfers.send: money sent between account holders, once per idempotency key. */
import { TRANSFER_NOTE_MAX } from '../../core/protocol/index.ts';
import { params, pattern, tickerField, words } from '../http/fields.ts';
import { decimalField } from '../trading/orderParams.ts';
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
  async handler(request, { caller, db, events }) {
    const { transfer, parties } = await sendTransfer(db, caller.user, request);
    events.publish('wallet.balancesChanged', { userIds: parties });
    return { transfer };
  },
});

/** The transfers.* methods. */
export const transferMethods: readonly Method[] = [send];
