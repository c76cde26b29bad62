/**
 * P2P's audit, read from the database alone (with the server stopped or killed): each rule that
 * must hold whatever happened before, each broken one named in a sentence.
 *
 * - The ledger's own rules (test/spot/audit.ts): every asset sums to zero, each balance is the
 *   sum of its entries, no user balance is negative.
 * - The `p2pEscrow` account holds exactly the crypto of the trades under way (opened, paid,
 *   disputed), asset by asset.
 * - What a merchant holds is exactly what their active sell offers have left (the run's traders
 *   hold nothing else).
 * - Each offer's amount is what it has left plus what its trades took and did not give back.
 * - Each trade's crypto entered escrow once, by one entry of its amount; an ended trade's left it
 *   once: to the buyer less the fee (and the fee to the exchange), or its whole amount back to the
 *   seller.
 */
import { sql } from 'kysely';
import type { Database } from '../../server/storage/db.ts';
import { auditLedger, scaled } from '../spot/audit.ts';

/** Runs every check; the problems found, in words (none when P2P is sound). */
export async function auditP2p(db: Database): Promise<string[]> {
  return [
    ...(await auditLedger(db)),
    ...(await escrowHoldsOpenTrades(db)),
    ...(await heldMatchesSellOffers(db)),
    ...(await offersAddUp(db)),
    ...(await tradeEntries(db)),
  ];
}

/** How many trades ended each way, for the run's figures. */
export async function tradeCounts(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('p2p_trades')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

async function escrowHoldsOpenTrades(db: Database): Promise<string[]> {
  const { rows } = await sql<{ ticker: string; escrow: string; trades: string }>`
    select c.ticker,
      coalesce((select balance from ledger_accounts
        where system = 'p2pEscrow' and ticker = c.ticker), 0)::text as escrow,
      coalesce((select sum(amount) from p2p_trades
        where asset = c.ticker and status in ('opened', 'paid', 'disputed')), 0)::text as trades
    from currencies c`.execute(db);
  return rows
    .filter((row) => scaled(row.escrow) !== scaled(row.trades))
    .map(
      (row) =>
        `the P2P escrow holds ${row.escrow} ${row.ticker} but the trades under way hold ${row.trades}`,
    );
}

async function heldMatchesSellOffers(db: Database): Promise<string[]> {
  const { rows } = await sql<{ user_id: number; ticker: string; held: string; offers: string }>`
    select a.user_id, a.ticker, a.balance::text as held,
      coalesce((select sum(o.available) from p2p_offers o
        where o.user_id = a.user_id and o.asset = a.ticker
          and o.side = 'sell' and o.status = 'active'), 0)::text as offers
    from ledger_accounts a
    where a.user_id is not null and a.held`.execute(db);
  return rows
    .filter((row) => scaled(row.held) !== scaled(row.offers))
    .map(
      (row) =>
        `user ${row.user_id} holds ${row.held} ${row.ticker} but their active sell offers have ${row.offers} left`,
    );
}

async function offersAddUp(db: Database): Promise<string[]> {
  const { rows } = await sql<{ id: number; amount: string; accounted: string }>`
    select o.id, o.amount::text as amount,
      (o.available + coalesce((select sum(t.amount) from p2p_trades t
        where t.offer_id = o.id and t.status in ('opened', 'paid', 'disputed', 'released')), 0)
      )::text as accounted
    from p2p_offers o`.execute(db);
  return rows
    .filter((row) => scaled(row.amount) !== scaled(row.accounted))
    .map(
      (row) =>
        `offer ${row.id} was for ${row.amount} but has left and traded ${row.accounted} in all`,
    );
}

async function tradeEntries(db: Database): Promise<string[]> {
  const { rows } = await sql<{
    id: number;
    status: string;
    buyer_id: number;
    seller_id: number;
    amount: string;
    fee: string;
    into_escrow: string | null;
    into_from_system: string | null;
    out_amount: string | null;
    out_from_system: string | null;
    out_to_user: number | null;
    fee_entries: string;
  }>`
    select t.id, t.status, t.buyer_id, t.seller_id, t.amount::text as amount, t.fee::text as fee,
      e.amount::text as into_escrow, ec.system as into_from_system,
      f.amount::text as out_amount, fd.system as out_from_system, fc.user_id as out_to_user,
      (select coalesce(sum(x.amount), 0) from ledger_entries x
        where x.reason = 'P2P trade ' || t.id || ' fee')::text as fee_entries
    from p2p_trades t
    join ledger_entries e on e.id = t.escrow_entry_id
    join ledger_accounts ec on ec.id = e.credit_account_id
    left join ledger_entries f on f.id = t.final_entry_id
    left join ledger_accounts fd on fd.id = f.debit_account_id
    left join ledger_accounts fc on fc.id = f.credit_account_id`.execute(db);
  const problems: string[] = [];
  for (const row of rows) {
    const trade = `trade ${row.id} (${row.status})`;
    if (
      row.into_from_system !== 'p2pEscrow' ||
      scaled(row.into_escrow ?? '0') !== scaled(row.amount)
    ) {
      problems.push(
        `${trade} put ${row.into_escrow} into ${row.into_from_system}, not ${row.amount} into escrow`,
      );
    }
    if (row.out_amount === null) continue;
    if (row.out_from_system !== 'p2pEscrow') problems.push(`${trade} did not leave from escrow`);
    const released = row.status === 'released';
    const to = released ? row.buyer_id : row.seller_id;
    const expected = released ? scaled(row.amount) - scaled(row.fee) : scaled(row.amount);
    if (row.out_to_user !== to || scaled(row.out_amount) !== expected) {
      problems.push(
        `${trade} gave ${row.out_amount} to user ${row.out_to_user}, not to user ${to}`,
      );
    }
    if (scaled(row.fee_entries) !== (released ? scaled(row.fee) : 0n)) {
      problems.push(`${trade} took ${row.fee_entries} in fees, its fee being ${row.fee}`);
    }
  }
  return problems;
}
