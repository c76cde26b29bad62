/** The words for the engine's reasons live in the catalogue, one code per reason. */
import type { ErrorCode } from '../../core/errors/index.ts';
import type { OrderReason } from './engine/index.ts';

/** The catalogue code wording why the engine rejected or ended an order. */
export function reasonCode(reason: OrderReason): ErrorCode & `orderReason.${OrderReason}` {
  return `orderReason.${reason}`;
}
