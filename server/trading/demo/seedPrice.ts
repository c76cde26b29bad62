/** The seeded reference prices the demo market's prices and funds are measured by. */
import type { Asset } from '../../../core/protocol/index.ts';
import { SEED_CURRENCIES } from '../../content/seed.ts';

/** An asset's seeded price in USDT. */
export function seedPrice(asset: Asset): number {
  const seeded = SEED_CURRENCIES.find((currency) => currency.ticker === asset);
  if (seeded === undefined) throw new Error(`no seeded price for ${asset}`);
  return Number(seeded.price);
}
