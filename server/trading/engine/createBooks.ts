/** The exchange's books: one per pair, each checking against its pair's steps. */
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../../core/markets/pairs.ts';
import { OrderBook, type OrderBookOptions } from './OrderBook.ts';

/** A new, empty book for every pair, by symbol. */
export function createBooks(options: OrderBookOptions = {}): Map<PairSymbol, OrderBook> {
  return new Map(PAIR_SYMBOLS.map((symbol) => [symbol, new OrderBook(PAIRS[symbol], options)]));
}
