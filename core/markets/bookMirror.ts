/**
 * A client's copy of one pair's order book from the `orders` stream: a snapshot, then updates
 * applied strictly in sequence. An update whose number is not the next one means one was missed:
 * the mirror says so and empties itself until a fresh snapshot arrives, so a wrong book is never
 * shown. Prices are compared exactly (as integers at the pair's price decimals), never as floats.
 */
import type { LevelChange } from '../protocol/marketStreams.ts';
import { formatDecimal, normalise, parseDecimal, rescale } from './decimal.ts';
import type { PairSpec } from './pairs.ts';

/** A book message as the mirror needs it. */
export interface BookMessage {
  snapshot: boolean;
  sequence: number;
  bids: LevelChange[];
  asks: LevelChange[];
}

/** What applying a message did. */
export type MirrorResult = 'applied' | 'stale' | 'gap';

/** A price level shown: price, amount there, and the amount from the best price to here. */
export interface ShownLevel {
  price: string;
  amount: string;
  total: string;
}

/** See the file comment. */
export class BookMirror {
  private bids = new Map<bigint, bigint>();
  private asks = new Map<bigint, bigint>();
  private sequence: number | null = null;

  constructor(private readonly spec: PairSpec) {}

  /** Whether the mirror holds a book (a snapshot arrived and no update was missed since). */
  get synced(): boolean {
    return this.sequence !== null;
  }

  /** Applies a snapshot or the next update; a gap empties the mirror until the next snapshot. */
  apply(message: BookMessage): MirrorResult {
    if (message.snapshot) {
      this.bids = new Map();
      this.asks = new Map();
    } else if (this.sequence === null) {
      return 'stale';
    } else if (message.sequence <= this.sequence) {
      return 'stale';
    } else if (message.sequence !== this.sequence + 1) {
      this.sequence = null;
      this.bids = new Map();
      this.asks = new Map();
      return 'gap';
    }
    this.sequence = message.sequence;
    this.merge(this.bids, message.bids);
    this.merge(this.asks, message.asks);
    return 'applied';
  }

  /**
   * The best `limit` levels of a side, grouped by `step` (a price step such as "0.1"; bids round
   * down to it and asks up, so a group never shows a better price than it holds), each with the
   * running total from the best price.
   */
  levels(side: 'bids' | 'asks', limit: number, step: string = this.spec.tickSize): ShownLevel[] {
    const stepUnits = this.priceUnits(step);
    const grouped = new Map<bigint, bigint>();
    for (const [price, amount] of side === 'bids' ? this.bids : this.asks) {
      const floor = (price / stepUnits) * stepUnits;
      const group = side === 'asks' && floor < price ? floor + stepUnits : floor;
      grouped.set(group, (grouped.get(group) ?? 0n) + amount);
    }
    const sorted = [...grouped].sort(([a], [b]) =>
      side === 'bids' ? (b > a ? 1 : -1) : a > b ? 1 : -1,
    );
    let total = 0n;
    return sorted.slice(0, limit).map(([price, amount]) => {
      total += amount;
      return {
        price: formatDecimal(price, this.spec.priceDecimals),
        amount: formatDecimal(amount, this.spec.amountDecimals),
        total: formatDecimal(total, this.spec.amountDecimals),
      };
    });
  }

  private merge(side: Map<bigint, bigint>, changes: readonly LevelChange[]): void {
    for (const [price, amount] of changes) {
      const units = this.amountUnits(amount);
      if (units === 0n) side.delete(this.priceUnits(price));
      else side.set(this.priceUnits(price), units);
    }
  }

  private priceUnits(price: string): bigint {
    return units(price, this.spec.priceDecimals);
  }

  private amountUnits(amount: string): bigint {
    return units(amount, this.spec.amountDecimals);
  }
}

function units(text: string, decimals: number): bigint {
  const parsed = parseDecimal(text);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${text}`);
  return rescale(normalise(parsed), decimals);
}
