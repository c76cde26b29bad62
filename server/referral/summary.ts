/** An account's referral summary: its code, how many accounts it referred, what it has earned. */
import { sql } from 'kysely';
import { formatDecimal, parseDecimal, rescale } from '../../core/markets/decimal.ts';
import type { ReferralEarning, ReferralSummary, Ticker } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

const USD_DECIMALS = 18;

/** The summary of the account `userId` with its `code`, at the configured `share`. */
export async function referralSummary(
  db: Queryable,
  user: { id: number; referral_code: string },
  share: string,
): Promise<ReferralSummary> {
  const referred = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('referred_by', '=', user.id)
    .executeTakeFirstOrThrow();
  const earnings = await earningsOf(db, user.id);
  const total = earnings.reduce((sum, earning) => sum + scaled(earning.usd), 0n);
  return {
    code: user.referral_code,
    referred: Number(referred.count),
    share,
    earnings,
    earningsUsd: formatDecimal(total, USD_DECIMALS),
  };
}

/** Commissions received, per currency: every entry from the fees account to the account. */
async function earningsOf(db: Queryable, userId: number): Promise<ReferralEarning[]> {
  const { rows } = await sql<{ ticker: string; amount: string; usd: string }>`
    select c.ticker, trim_scale(sum(e.amount))::text as amount,
      trim_scale(round(sum(e.amount) * c.price, ${USD_DECIMALS}))::text as usd
    from ledger_entries e
    join ledger_accounts fee on fee.id = e.debit_account_id and fee.system = 'fees'
    join ledger_accounts mine on mine.id = e.credit_account_id
      and mine.user_id = ${userId} and not mine.held
    join currencies c on c.ticker = mine.ticker
    group by c.ticker, c.position, c.price
    order by c.position`.execute(db);
  return rows.map((row) => ({ ticker: row.ticker as Ticker, amount: row.amount, usd: row.usd }));
}

function scaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, USD_DECIMALS);
}
