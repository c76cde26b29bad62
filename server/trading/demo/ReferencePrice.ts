/**
 * A made-up "fair" price that moves like a real market's: an Ornstein–Uhlenbeck process on the log
 * of the price, a random walk with the asset's volatility pulled gently back towards an anchor
 * (the seeded price), so it wanders for hours but never drifts away for good.
 */

/** How long a deviation from the anchor takes to halve, on average. */
const HALF_LIFE_SECONDS = 6 * 3600;

/** Where a start may be at most, in stationary standard deviations from the anchor. */
const MAX_START_DEVIATIONS = 3;

/** See the file comment. */
export class ReferencePrice {
  /** ln(price / anchor). */
  private deviation: number;
  private at: number;
  /** Volatility per square root of a second. */
  private readonly sigma: number;
  /** Pull back per second. */
  private readonly theta = Math.LN2 / HALF_LIFE_SECONDS;

  /**
   * @param anchor the price it reverts to
   * @param minuteVolatility the standard deviation of one minute's log return
   * @param start where it starts (a pair's last trade price, say), kept within 3 stationary
   *   standard deviations of the anchor so one odd trade cannot throw it far off
   * @param now the clock (ms) it starts at
   */
  constructor(
    readonly anchor: number,
    minuteVolatility: number,
    start: number,
    now: number,
  ) {
    this.sigma = minuteVolatility / Math.sqrt(60);
    const limit = (MAX_START_DEVIATIONS * this.sigma) / Math.sqrt(2 * this.theta);
    const deviation = start > 0 ? Math.log(start / anchor) : 0;
    this.deviation = Math.min(limit, Math.max(-limit, deviation));
    this.at = now;
  }

  /** The price now. */
  get price(): number {
    return this.anchor * Math.exp(this.deviation);
  }

  /** Moves the price on to `now` (ms) with the process's exact transition, and returns it. */
  advance(now: number, random: () => number): number {
    const seconds = Math.max(0, now - this.at) / 1000;
    this.at = Math.max(this.at, now);
    if (seconds === 0) return this.price;
    const decay = Math.exp(-this.theta * seconds);
    const spread = this.sigma * Math.sqrt((1 - decay * decay) / (2 * this.theta));
    this.deviation = this.deviation * decay + spread * gaussian(random);
    return this.price;
  }
}

/** A standard normal draw (Box–Muller) from a uniform source in [0, 1). */
export function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
