/**
 * What an offer costs now. A fixed price is what it says; a margin offer follows the market: the
 * reference price of its asset in its fiat (the spot market's last USDT price, kept on the
 * currency, times what staff say one USDT is worth in that fiat) moved by the margin, rounded to
 * 8 decimals. Without a rate for the fiat a margin offer has no price: it is not listed and no
 * trade opens on it. The same SQL prices the list, its order and filters, and a trade as it opens.
 */
import { sql } from 'kysely';
import { parseDecimal } from '../../core/markets/decimal.ts';
import { P2P_PRICE_DECIMALS } from '../../core/markets/marginPrice.ts';
import type { P2pFiatRate } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { checkFiat } from './catalogue.ts';

/** An offer's price now, over `p2p_offers as o` joined by `withPrices`; null when unpriced. */
export const OFFER_PRICE = sql<string | null>`coalesce(o.price,
  round(c.price * r.per_usdt * (100 + o.margin) / 100, 8))`;

/** Joins what prices an offer (alias `o`): its asset's currency `c` and its fiat's rate `r`. */
export function withPrices(db: Queryable) {
  return db
    .selectFrom('p2p_offers as o')
    .innerJoin('currencies as c', 'c.ticker', 'o.asset')
    .leftJoin('p2p_fiat_rates as r', 'r.fiat', 'o.fiat');
}

/** An offer's price now (trimmed), or null: a margin offer whose fiat has no rate. */
export async function offerPrice(db: Queryable, offerId: number): Promise<string | null> {
  const row = await withPrices(db)
    .select(sql<string | null>`trim_scale(${OFFER_PRICE})::text`.as('price'))
    .where('o.id', '=', offerId)
    .executeTakeFirst();
  return row?.price ?? null;
}

/** The reference price of `asset` in `fiat` (no margin, not rounded), or null without a rate. */
export async function referencePrice(
  db: Queryable,
  asset: string,
  fiat: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('currencies as c')
    .leftJoin('p2p_fiat_rates as r', (join) => join.on('r.fiat', '=', fiat))
    .select(sql<string | null>`trim_scale(c.price * r.per_usdt)::text`.as('price'))
    .where('c.ticker', '=', asset)
    .executeTakeFirst();
  return row?.price ?? null;
}

/** Every fiat's rate, by fiat. */
export async function fiatRates(db: Queryable): Promise<P2pFiatRate[]> {
  const rows = await db
    .selectFrom('p2p_fiat_rates')
    .select(['fiat', sql<string>`trim_scale(per_usdt)::text`.as('per_usdt'), 'updated_at'])
    .orderBy('fiat')
    .execute();
  return rows.map((row) => ({
    fiat: row.fiat,
    perUsdt: row.per_usdt,
    updatedAt: row.updated_at.toISOString(),
  }));
}

/** The most one USDT may be set to be worth in a fiat (the Vietnamese dong needs 5 digits). */
const MAX_RATE = 10_000_000n;

/** Staff set what one USDT is worth in a listed `fiat`; its margin offers follow at once. */
export async function setFiatRate(
  db: Queryable,
  staffId: number,
  fiat: string,
  perUsdt: string,
): Promise<void> {
  checkFiat(fiat);
  const rate = parseDecimal(perUsdt);
  if (typeof rate === 'string' || rate.units <= 0n || rate.decimals > P2P_PRICE_DECIMALS) {
    throw refusal('fiatRate.format', { decimals: P2P_PRICE_DECIMALS });
  }
  if (rate.units > MAX_RATE * 10n ** BigInt(rate.decimals)) {
    throw refusal('fiatRate.tooHigh', { max: MAX_RATE, fiat });
  }
  const now = new Date();
  await db
    .insertInto('p2p_fiat_rates')
    .values({ fiat, per_usdt: perUsdt, updated_by: staffId, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('fiat')
        .doUpdateSet({ per_usdt: perUsdt, updated_by: staffId, updated_at: now }),
    )
    .execute();
}
