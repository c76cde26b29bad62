/**
 * The spot market's audit, read from the database alone (with the server stopped or killed):
 * every rule that must hold whatever happened before, each broken one named in a sentence.
 *
 * - Every asset's ledger sums to zero across all accounts, and each account's balance is the sum
 *   of its entries.
 * - No user's available or held balance is negative.
 * - What each user holds is exactly what their open orders can still spend.
 * - Each user's balance is their deposits plus what their trades moved, fees taken, plus the
 *   referral share of the fees paid by the accounts they referred: no trade settled twice or not
 *   at all, no commission paid twice or not at all.
 * - The fee account holds exactly the fees the trades charged, less the referral commissions.
 * - Each order's filled amount, value and fee are the sums of its trades and its last fill the
 *   latest of them, never past its size.
 * - Each pair's trades are numbered 1, 2, 3 … without a gap or a repeat; no book is crossed.
 */
import { sql } from 'kysely';
import { parseDecimal, rescale } from '../../core/markets/decimal.ts';
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromLots, fromNotional, fromTicks } from '../../core/markets/units.ts';
import type { BookDepth } from '../../core/protocol/index.ts';
import type { Database } from '../../server/storage/db.ts';
import { holdLeftOf } from '../../server/trading/settlement.ts';

/** Sums are compared as integers at the ledger's 18 decimals. */
const SCALE = 18;

/** A decimal string (negative too) as an integer of 10^-18 units, for exact comparisons. */
export function scaled(amount: string): bigint {
  const parsed = parseDecimal(amount.startsWith('-') ? amount.slice(1) : amount);
  if (typeof parsed === 'string') throw new Error(`not a decimal: ${amount}`);
  const value = rescale(parsed, SCALE);
  return amount.startsWith('-') ? -value : value;
}

/** Each pair's steps as a SQL VALUES list: the audit's own arithmetic, in exact numerics. */
const PAIR_STEPS = sql.raw(
  PAIR_SYMBOLS.map(
    (pair) =>
      `('${pair}', '${PAIRS[pair].base}', ${PAIRS[pair].tickSize}::numeric, ${PAIRS[pair].lotSize}::numeric)`,
  ).join(', '),
);

/**
 * The fees each trade charged, by payer and currency, and the referral commission each one owes
 * (`share` of the fee, cut to 18 decimals), worked out here from the trades and the referrals
 * alone: SQL common table expressions `paid` and `commissions`, after `spec`.
 */
function feesAndCommissions(share: string) {
  return sql`paid(payer, ticker, fee) as (
      select case when t.taker_side = 'buy' then t.taker_user_id else t.maker_user_id end,
        s.base, case when t.taker_side = 'buy' then t.taker_fee else t.maker_fee end
        from trades t join spec s using (pair)
      union all
      select case when t.taker_side = 'buy' then t.maker_user_id else t.taker_user_id end,
        'USDT', case when t.taker_side = 'buy' then t.maker_fee else t.taker_fee end
        from trades t
    ),
    commissions(user_id, ticker, amount) as (
      select u.referred_by, p.ticker, trunc(p.fee * ${share}::numeric, 18)
        from paid p join users u on u.id = p.payer
        where u.referred_by is not null
    )`;
}

/**
 * Runs every check, with the referrer's share of fees the server was configured with; the
 * problems found, in words (none when the market is sound).
 */
export async function auditSpot(db: Database, referralShare: string): Promise<string[]> {
  return [
    ...(await auditLedger(db)),
    ...(await holdsMatchOpenOrders(db)),
    ...(await balancesMatchTrades(db, referralShare)),
    ...(await feesMatchTrades(db, referralShare)),
    ...(await ordersMatchTrades(db)),
    ...(await tradesNumberedInOrder(db)),
    ...(await booksNotCrossed(db)),
  ];
}

/**
 * The rules of the ledger whatever moved money (trades, deposits, withdrawals, transfers): every
 * asset sums to zero, each balance is the sum of its entries, and no user balance is negative.
 */
export async function auditLedger(db: Database): Promise<string[]> {
  return [
    ...(await ledgerSumsToZero(db)),
    ...(await accountsMatchEntries(db)),
    ...(await noNegativeBalance(db)),
  ];
}

async function ledgerSumsToZero(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['ticker', sql<string>`sum(balance)::text`.as('total')])
    .groupBy('ticker')
    .execute();
  return rows
    .filter((row) => scaled(row.total) !== 0n)
    .map((row) => `${row.ticker} sums to ${row.total} across all accounts, not zero`);
}

async function accountsMatchEntries(db: Database): Promise<string[]> {
  const { rows } = await sql<{ id: number; balance: string; entries: string }>`
    select a.id, a.balance::text as balance, coalesce(e.net, 0)::text as entries
    from ledger_accounts a
    left join (
      select account, sum(amount) as net from (
        select credit_account_id as account, amount from ledger_entries
        union all
        select debit_account_id, -amount from ledger_entries
      ) moves group by account
    ) e on e.account = a.id
    where a.balance <> coalesce(e.net, 0)`.execute(db);
  return rows.map(
    (row) => `ledger account ${row.id} holds ${row.balance} but its entries sum to ${row.entries}`,
  );
}

async function noNegativeBalance(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'ticker', 'held', sql<string>`balance::text`.as('balance')])
    .where('user_id', 'is not', null)
    .where('balance', '<', '0')
    .execute();
  return rows.map(
    (row) =>
      `user ${row.user_id}'s ${row.held ? 'held' : 'available'} ${row.ticker} is ${row.balance}`,
  );
}

/** Open orders as stored: status new or partially filled. */
function openOrders(db: Database) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['new', 'partiallyFilled'])
    .execute();
}

async function holdsMatchOpenOrders(db: Database): Promise<string[]> {
  const expected = new Map<string, bigint>();
  for (const order of await openOrders(db)) {
    const spec = PAIRS[order.pair as PairSymbol];
    const left = holdLeftOf({
      side: order.side,
      type: order.type,
      priceTicks: order.price,
      lots: order.amount,
      // A market buy by amount holds the bound the market gave it (spend_cap).
      total: order.total ?? order.spend_cap,
      filledLots: order.filled,
      filledNotional: order.filled_value,
    });
    const [ticker, amount] =
      order.side === 'sell'
        ? [spec.base, fromLots(spec, left)]
        : ['USDT', fromNotional(spec, left)];
    const key = `${order.user_id}:${ticker}`;
    expected.set(key, (expected.get(key) ?? 0n) + scaled(amount));
  }
  const held = await db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'ticker', sql<string>`balance::text`.as('balance')])
    .where('held', '=', true)
    .execute();
  const problems: string[] = [];
  for (const row of held) {
    const key = `${row.user_id}:${row.ticker}`;
    const wanted = expected.get(key) ?? 0n;
    expected.delete(key);
    if (scaled(row.balance) !== wanted) {
      problems.push(
        `user ${row.user_id} holds ${row.balance} ${row.ticker}, but their open orders can spend ${wanted} (×10^-18)`,
      );
    }
  }
  for (const [key, wanted] of expected) {
    if (wanted !== 0n) problems.push(`${key}: open orders can spend ${wanted} but nothing is held`);
  }
  return problems;
}

async function balancesMatchTrades(db: Database, share: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: number; ticker: string; balance: string; flows: string }>`
    with spec(pair, base, tick, lot) as (values ${PAIR_STEPS}),
    ${feesAndCommissions(share)},
    sides as (
      select t.*, s.base, t.amount * s.lot as base_amount,
        t.price * s.tick * t.amount * s.lot as quote_amount,
        case when t.taker_side = 'buy' then t.taker_user_id else t.maker_user_id end as buyer,
        case when t.taker_side = 'buy' then t.maker_user_id else t.taker_user_id end as seller,
        case when t.taker_side = 'buy' then t.taker_fee else t.maker_fee end as buyer_fee,
        case when t.taker_side = 'buy' then t.maker_fee else t.taker_fee end as seller_fee
      from trades t join spec s using (pair)
    ),
    flows(user_id, ticker, amount) as (
      select buyer, base, base_amount - buyer_fee from sides
      union all select seller, base, -base_amount from sides
      union all select seller, 'USDT', quote_amount - seller_fee from sides
      union all select buyer, 'USDT', -quote_amount from sides
      union all select user_id, ticker, amount from commissions
      union all
      select a.user_id, a.ticker, e.amount from ledger_entries e
        join ledger_accounts d on d.id = e.debit_account_id and d.system = 'deposits'
        join ledger_accounts a on a.id = e.credit_account_id
    ),
    expected as (select user_id, ticker, sum(amount) as amount from flows group by user_id, ticker),
    actual as (
      select user_id, ticker, sum(balance) as amount from ledger_accounts
      where user_id is not null group by user_id, ticker
    )
    select coalesce(a.user_id, e.user_id) as user_id, coalesce(a.ticker, e.ticker) as ticker,
      coalesce(a.amount, 0)::text as balance, coalesce(e.amount, 0)::text as flows
    from actual a full join expected e on a.user_id = e.user_id and a.ticker = e.ticker
    where coalesce(a.amount, 0) <> coalesce(e.amount, 0)`.execute(db);
  return rows.map(
    (row) =>
      `user ${row.user_id} has ${row.balance} ${row.ticker}, but deposits, trades and referral commissions make ${row.flows}`,
  );
}

async function feesMatchTrades(db: Database, share: string): Promise<string[]> {
  const { rows } = await sql<{ ticker: string; balance: string; charged: string }>`
    with spec(pair, base, tick, lot) as (values ${PAIR_STEPS}),
    ${feesAndCommissions(share)},
    charged(ticker, amount) as (
      select ticker, fee from paid
      union all select ticker, -amount from commissions
    ),
    expected as (select ticker, sum(amount) as amount from charged group by ticker),
    actual as (select ticker, balance as amount from ledger_accounts where system = 'fees')
    select coalesce(a.ticker, e.ticker) as ticker, coalesce(a.amount, 0)::text as balance,
      coalesce(e.amount, 0)::text as charged
    from actual a full join expected e on a.ticker = e.ticker
    where coalesce(a.amount, 0) <> coalesce(e.amount, 0)`.execute(db);
  return rows.map(
    (row) =>
      `the fee account holds ${row.balance} ${row.ticker}; trades charged ${row.charged} after referral commissions`,
  );
}

async function ordersMatchTrades(db: Database): Promise<string[]> {
  const { rows } = await sql<{ id: number; why: string }>`
    with fills(id, lots, value, fee, at) as (
      select maker_order_id, amount, price * amount, maker_fee, created_at from trades
      union all select taker_order_id, amount, price * amount, taker_fee, created_at from trades
    ),
    summed as (select id, sum(lots) as lots, sum(value) as value, sum(fee) as fee,
      max(at) as at from fills group by id)
    select o.id, case
      when o.filled <> coalesce(f.lots, 0) then 'filled ' || o.filled || ' lots, its trades ' || coalesce(f.lots, 0)
      when o.filled_value <> coalesce(f.value, 0) then 'filled value ' || o.filled_value || ', its trades ' || coalesce(f.value, 0)
      when o.fee <> coalesce(f.fee, 0) then 'fee ' || o.fee || ', its trades ' || coalesce(f.fee, 0)
      when o.last_fill_at is distinct from f.at then 'last fill ' || coalesce(o.last_fill_at::text, 'none') || ', its trades ' || coalesce(f.at::text, 'none')
      when o.amount is not null and o.filled > o.amount then 'filled past its amount'
      when coalesce(o.total, o.spend_cap) is not null and o.filled_value > coalesce(o.total, o.spend_cap) then 'spent past its total'
      when o.status = 'filled' and o.amount is not null and o.filled <> o.amount then 'filled but not fully'
      when o.status = 'new' and o.filled <> 0 then 'new but partly filled'
    end as why
    from orders o left join summed f on f.id = o.id
    where o.filled <> coalesce(f.lots, 0) or o.filled_value <> coalesce(f.value, 0)
      or o.fee <> coalesce(f.fee, 0) or o.last_fill_at is distinct from f.at
      or (o.amount is not null and o.filled > o.amount)
      or o.filled_value > coalesce(o.total, o.spend_cap, o.filled_value)
      or (o.status = 'filled' and o.amount is not null and o.filled <> o.amount)
      or (o.status = 'new' and o.filled <> 0)`.execute(db);
  return rows.map((row) => `order ${row.id}: ${row.why}`);
}

async function tradesNumberedInOrder(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('trades')
    .select((t) => [
      'pair',
      t.fn.countAll<number>().as('count'),
      t.fn.max('seq').as('last'),
      t.fn.min('seq').as('first'),
    ])
    .groupBy('pair')
    .execute();
  return rows
    .filter((row) => Number(row.count) !== Number(row.last) || Number(row.first) !== 1)
    .map(
      (row) =>
        `${row.pair} has ${row.count} trades numbered ${row.first} to ${row.last}: one is missing or repeated`,
    );
}

/** Whether an open order rests in its book (a stop rests only once triggered, and as a limit). */
function rests(order: { type: string; triggered: boolean }): boolean {
  return order.type === 'limit' || (order.type === 'stopLimit' && order.triggered);
}

async function booksNotCrossed(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const [pair, book] of await storedBooks(db)) {
    const bid = book.bids[0]?.price;
    const ask = book.asks[0]?.price;
    if (bid !== undefined && ask !== undefined && scaled(bid) >= scaled(ask)) {
      problems.push(`${pair}'s book is crossed: best bid ${bid}, best ask ${ask}`);
    }
  }
  return problems;
}

/** Each pair's book as the stored open orders make it: levels best first, as markets.getBook. */
export async function storedBooks(db: Database): Promise<Map<PairSymbol, BookDepth>> {
  const books = new Map<PairSymbol, BookDepth>(
    PAIR_SYMBOLS.map((pair) => [pair, { pair, bids: [], asks: [], sequence: 0, timestamp: 0 }]),
  );
  const levels = new Map<string, { lots: number; orders: number }>();
  for (const order of await openOrders(db)) {
    if (!rests(order) || order.price === null || order.amount === null) continue;
    const key = `${order.pair}:${order.side}:${order.price}`;
    const level = levels.get(key) ?? { lots: 0, orders: 0 };
    level.lots += order.amount - order.filled;
    level.orders += 1;
    levels.set(key, level);
  }
  const sorted = [...levels].sort(([a], [b]) => Number(a.split(':')[2]) - Number(b.split(':')[2]));
  for (const [key, level] of sorted) {
    const [pair, side, price] = key.split(':') as [PairSymbol, 'buy' | 'sell', string];
    const book = books.get(pair);
    if (book === undefined) continue;
    const spec = PAIRS[pair];
    const shown = {
      price: fromTicks(spec, Number(price)),
      amount: fromLots(spec, level.lots),
      orders: level.orders,
    };
    if (side === 'buy') book.bids.unshift(shown);
    else book.asks.push(shown);
  }
  return books;
}
