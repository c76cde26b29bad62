/** What callers ask the market to do, as queued: place, cancel, cancel all, place a group. */
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import type { OrderRequest } from './engine/index.ts';
import type { OrderGroup } from './OrderGroup.ts';

/** An order as a caller asks for it: the engine's request without what the market assigns. */
export type OrderDraft = DistributiveOmit<OrderRequest, 'id' | 'accountId' | 'at'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Which order to cancel: by the market's id or the account's own client order id. */
export type OrderRef = { id: number } | { clientOrderId: string };

/** One queued command. */
export type Command =
  | { kind: 'place'; userId: number; pair: PairSymbol; draft: OrderDraft }
  | { kind: 'cancel'; userId: number; ref: OrderRef }
  | { kind: 'cancelAll'; userId: number; pair: PairSymbol | null }
  | { kind: 'group'; group: OrderGroup };

/** An account's balance of one currency. */
export interface Spend {
  userId: number;
  ticker: Ticker;
}

/** The balances a command may spend from: a buy's USDT, a sell's base, a group's currencies. */
export function spendsOf(command: Command): Spend[] {
  switch (command.kind) {
    case 'place': {
      const { userId, draft, pair } = command;
      return [{ userId, ticker: draft.side === 'buy' ? 'USDT' : PAIRS[pair].base }];
    }
    case 'group':
      return command.group.spends.map((ticker) => ({ userId: command.group.userId, ticker }));
    default:
      return [];
  }
}

/** An account's client order id. */
export interface ClientOrderId {
  userId: number;
  clientOrderId: string;
}

/** The client order ids a command names (placing one again returns the order placed before). */
export function clientOrderIdsOf(command: Command): ClientOrderId[] {
  if (command.kind === 'group') {
    const { userId, clientOrderIds } = command.group;
    return clientOrderIds.map((clientOrderId) => ({ userId, clientOrderId }));
  }
  return command.kind === 'place' && command.draft.clientOrderId !== undefined
    ? [{ userId: command.userId, clientOrderId: command.draft.clientOrderId }]
    : [];
}
