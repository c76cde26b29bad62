/**
 * swap.*: exchanging any two currencies at a firm quote, filled through the spot books; see
 * swap/swaps.ts.
 */
import { z } from 'zod';
import { params, recordId, tickerField } from '../http/fields.ts';
import { acceptSwap, MAX_SWAP_PAGE, mySwaps, quoteSwap } from '../swap/swaps.ts';
import { decimalField } from '../trading/orderParams.ts';
import { defineMethod, type Method } from './registry.ts';

const quote = defineMethod({
  name: 'swap.quote',
  access: 'user',
  params: params({ from: tickerField(), to: tickerField(), amount: decimalField('0.5') }),
  async handler(request, { caller, db, market }) {
    return { quote: await quoteSwap(db, market, caller.user, request) };
  },
});

const accept = defineMethod({
  name: 'swap.accept',
  access: 'user',
  params: params({ quoteId: recordId() }),
  async handler({ quoteId }, { caller, db, market }) {
    return { swap: await acceptSwap(db, market, caller.user, quoteId) };
  },
});

const getMine = defineMethod({
  name: 'swap.getMine',
  access: 'user',
  params: params({
    limit: z.number().int().min(1).max(MAX_SWAP_PAGE).exactOptional(),
    before: recordId().exactOptional(),
  }),
  handler: async (page, { caller, db }) => ({ swaps: await mySwaps(db, caller.user.id, page) }),
});

/** The swap.* methods. */
export const swapMethods: readonly Method[] = [quote, accept, getMine];
